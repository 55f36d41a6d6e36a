/**
 * Reads plain YAML data field by field, and reports every problem at the line and column where it
 * is written, the way the generator reports spec problems: `serve.yaml:7:5 error ServeConfigUnknownKey: …`.
 */
import type { Loc } from "../base/diagnostics.js";
import { escapePointerToken, locate, type PositionIndex } from "../load/yaml-positions.js";

export type ConfigProblemCode = "ServeConfigYamlSyntax" | "ServeConfigUnknownKey" | "ServeConfigMissingKey" | "ServeConfigInvalidValue";

export interface ConfigProblem {
  readonly loc: Loc;
  readonly code: ConfigProblemCode;
  readonly message: string;
}

export function formatConfigProblem(p: ConfigProblem): string {
  return `${p.loc.file}:${p.loc.line}:${p.loc.col} error ${p.code}: ${p.message}`;
}

export type Data = Readonly<Record<string, unknown>>;

/** In the order a person reads the file: line, then column. */
export function sortProblems(problems: readonly ConfigProblem[]): ConfigProblem[] {
  return [...problems].sort((a, b) => a.loc.line - b.loc.line || a.loc.col - b.loc.col);
}

export class ConfigReader {
  readonly problems: ConfigProblem[] = [];

  constructor(
    private readonly file: string,
    private readonly index: PositionIndex,
  ) {}

  report(pointer: string, code: ConfigProblemCode, message: string, prefer: "key" | "value" = "value"): void {
    const loc = locate(this.index, pointer, prefer) ?? { file: this.file, line: 1, col: 1 };
    this.problems.push({ loc, code, message });
  }

  child(pointer: string, key: string | number): string {
    return `${pointer}/${escapePointerToken(String(key))}`;
  }

  /** A mapping with only `keys`; every other key is reported where it is written. */
  object(value: unknown, pointer: string, keys: readonly string[], what: string): Data | null {
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      this.report(pointer, "ServeConfigInvalidValue", `${what} must be a mapping`);
      return null;
    }
    for (const key of Object.keys(value)) {
      if (!keys.includes(key)) this.report(this.child(pointer, key), "ServeConfigUnknownKey", `unknown key "${key}" in ${what}; allowed: ${keys.join(", ")}`, "key");
    }
    return value as Data;
  }

  /** `data[key]`, reporting it when required and absent. */
  field(data: Data, pointer: string, key: string, required: boolean): unknown {
    const value = Object.hasOwn(data, key) ? data[key] : undefined;
    if (value === undefined && required) this.report(pointer, "ServeConfigMissingKey", `"${key}" is required here`);
    return value;
  }

  /** A string; `undefined` is left to `field`, which reports it where it is required. */
  string(value: unknown, pointer: string, what: string): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value === "string" && value.length > 0) return value;
    this.report(pointer, "ServeConfigInvalidValue", `${what} must be a non-empty string`);
    return undefined;
  }

  boolean(value: unknown, pointer: string, what: string): boolean | undefined {
    if (typeof value === "boolean") return value;
    this.report(pointer, "ServeConfigInvalidValue", `${what} must be true or false`);
    return undefined;
  }

  positiveInteger(value: unknown, pointer: string, what: string): number | undefined {
    if (typeof value === "number" && Number.isSafeInteger(value) && value >= 1) return value;
    this.report(pointer, "ServeConfigInvalidValue", `${what} must be a whole number of at least 1`);
    return undefined;
  }

  oneOf<T extends string>(value: unknown, pointer: string, allowed: readonly T[], what: string): T | undefined {
    if (typeof value === "string" && (allowed as readonly string[]).includes(value)) return value as T;
    this.report(pointer, "ServeConfigInvalidValue", `${what} must be one of: ${allowed.join(", ")}`);
    return undefined;
  }

  /** A list whose items `item` reads; null when `value` is not a list. */
  list<T>(value: unknown, pointer: string, what: string, item: (value: unknown, pointer: string) => T | undefined): T[] | undefined {
    if (!Array.isArray(value)) {
      this.report(pointer, "ServeConfigInvalidValue", `${what} must be a list`);
      return undefined;
    }
    const out: T[] = [];
    value.forEach((v, i) => {
      const read = item(v, this.child(pointer, i));
      if (read !== undefined) out.push(read);
    });
    return out;
  }
}
