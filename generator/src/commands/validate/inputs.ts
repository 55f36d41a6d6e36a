/**
 * What `flowspec validate` reads: each argument is a file, a folder (every payload file below it,
 * by extension), a glob (`payloads/**\/*.json`, for shells and npm scripts that do not expand one),
 * or `-` for standard input, whose kind is told by its text when `--content-type` does not say it.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { byCodeUnit } from "../../base/order.js";
import { kindOfFile, type PayloadKind } from "../../payload/payload-kinds.js";

const GLOB_CHARS = /[*?[]/;

/** A glob as a regular expression over POSIX paths: `**` any folders, `*` and `?` within a name, `[…]` a class. */
function globPattern(glob: string): RegExp {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === "*" && glob[i + 1] === "*") {
      source += glob[i + 2] === "/" ? "(?:[^/]*/)*" : ".*";
      i += glob[i + 2] === "/" ? 2 : 1;
    } else if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else if (c === "[") {
      const end = glob.indexOf("]", i + 1);
      if (end < 0) source += "\\[";
      else {
        source += `[${glob.slice(i + 1, end).replace(/^!/, "^").replace(/\\/g, "\\\\")}]`;
        i = end;
      }
    } else source += c.replace(/[.+^${}()|\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

/** Every file below `dir`, as POSIX paths that start with `dir`, in code-unit order. */
function filesBelow(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const path = dir === "." ? entry.name : `${dir.replace(/\/$/, "")}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesBelow(path));
    else if (entry.isFile()) out.push(path);
  }
  return out.sort(byCodeUnit);
}

/** The files an argument names, or a sentence saying why it names none. */
function expand(argument: string): string[] | string {
  if (argument === "-") return [argument];
  if (GLOB_CHARS.test(argument) && !existsSync(argument)) {
    const glob = argument.replace(/\\/g, "/");
    const cut = glob.search(GLOB_CHARS);
    const base = glob.slice(0, glob.lastIndexOf("/", cut) + 1) || ".";
    const pattern = globPattern(glob.startsWith("./") ? glob.slice(2) : glob);
    const matches = existsSync(base) ? filesBelow(base).filter((f) => pattern.test(f.startsWith("./") ? f.slice(2) : f)) : [];
    return matches.length > 0 ? matches : `${argument} matches no file`;
  }
  if (existsSync(argument) && statSync(argument).isDirectory()) {
    const payloads = filesBelow(argument).filter((f) => kindOfFile(f) !== undefined);
    return payloads.length > 0 ? payloads : `${argument} holds no payload file (.json, .yaml, .yml, .form)`;
  }
  return [argument];
}

/** Every file the arguments name, in their order, or the first argument that names none. */
export function expandInputs(argumentsGiven: readonly string[]): string[] | string {
  const files: string[] = [];
  for (const argument of argumentsGiven) {
    const expanded = expand(argument);
    if (typeof expanded === "string") return expanded;
    files.push(...expanded);
  }
  return files;
}

/** Standard input's kind when nothing names it: JSON when it starts like JSON, YAML otherwise. */
export function kindOfText(text: string): PayloadKind {
  return /^\s*[[{"]/.test(text) ? "json" : "yaml";
}
