/**
 * The type declarations of the whole module, in reading order: the key types and helpers, the
 * FlowAction union with every variant and its params, then the records (requests, responses and
 * what they contain). Self-contained: no imports, no values. The types package and the validator
 * package both ship it, each with links that reach the reference from where the file sits.
 */
import type { SpecIR } from "../ir/model.js";
import { shapeNames } from "../ir/shape-names.js";
import { docContext } from "./docs.js";
import { flowActionDeclarations } from "./flow-action-types.js";
import { targetWrapLength } from "./jsdoc.js";
import { keyTypeDeclarations } from "./key-types.js";
import { printShape } from "./print-shapes.js";
import { referenceLinks, type ReferenceLinks } from "./reference-links.js";

/** Every declaration, each ending in a newline; join them with a blank line. */
export function typeDeclarations(ir: SpecIR, links: ReferenceLinks): string[] {
  const ctx = docContext(ir, links);
  const names = shapeNames(ir);
  const records = ir.records.flatMap((r) => names.under(r.name).map((s) => printShape(ctx, names, s)));
  return [...keyTypeDeclarations(ir, links), ...flowActionDeclarations(ctx, names), ...records];
}

/**
 * Stands in for the way to the reference while the declarations are rendered once for every file
 * that ships them (repeated to the base's wrap length, so comments break where the base's would).
 * A control character: no text the generator writes holds one, and a spec whose text does is
 * rendered for each base instead.
 */
const BASE_MARK = "\u0001";

/**
 * True when a string or key of the IR holds `char`, read from its JSON text, which writes a
 * control character as the same escape wherever it stands (a backslash written before `u0001`
 * also matches: that spec is rendered for each base, which is only slower). One native pass: the
 * recursive walk it replaces took ~15 ms on the wide spec's IR (15,000 objects), and V8 optimised
 * it there, a large compile for one call; `JSON.stringify` takes ~5 ms and compiles nothing.
 */
function holdsChar(ir: SpecIR, char: string): boolean {
  return JSON.stringify(ir).includes(JSON.stringify(char).slice(1, -1));
}

/** Per IR: the declarations text with marked links, by the mark's length; undefined when the spec's text holds the mark. */
const marked = new WeakMap<SpecIR, Map<number, string | undefined>>();

function markedText(ir: SpecIR, wrapLength: number): string | undefined {
  let byLength = marked.get(ir);
  if (byLength === undefined) marked.set(ir, (byLength = new Map()));
  if (!byLength.has(wrapLength)) {
    const links = referenceLinks(BASE_MARK.repeat(wrapLength));
    byLength.set(wrapLength, holdsChar(ir, BASE_MARK) ? undefined : typeDeclarations(ir, links).join("\n"));
  }
  return byLength.get(wrapLength);
}

/**
 * Every type of the spec as one `.d.ts` text, without a header (the caller adds its own), laid
 * out as prettier with `PRETTIER_OPTIONS` would lay it out. `referenceBase` is the way from the
 * file's folder to the reference package, ending in `/` (`../reference/` at a package's root).
 * Both packages' texts, whose bases differ only in how many `../` they climb, come from one
 * rendering: the links are marked, then the base is put in.
 */
export function renderTypeDeclarations(ir: SpecIR, referenceBase: string): string {
  const wrapLength = targetWrapLength(referenceBase);
  const text = wrapLength === 0 ? undefined : markedText(ir, wrapLength);
  if (text === undefined) return typeDeclarations(ir, referenceLinks(referenceBase)).join("\n");
  return text.replaceAll(BASE_MARK.repeat(wrapLength), referenceBase);
}
