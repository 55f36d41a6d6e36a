/**
 * `withEnvCopy`, which the YAML parse runs in so the parser's per-token read of `process.env` does
 * not go to the operating system: inside, `process.env` is another object with the same values, one
 * copy for nested calls; afterwards, returned or thrown, it is Node's own object again.
 */
import { describe, expect, it } from "vitest";
import { LineCounter } from "yaml";
import { parseYaml, withEnvCopy } from "../../generator/src/load/yaml-document.js";

describe("withEnvCopy", () => {
  it("runs with a copy holding the same values, shared by nested calls", () => {
    const real = process.env;
    withEnvCopy(() => {
      const copy = process.env;
      expect(copy).not.toBe(real);
      expect({ ...copy }).toEqual({ ...real });
      withEnvCopy(() => expect(process.env).toBe(copy));
      expect(process.env).toBe(copy);
    });
    expect(process.env).toBe(real);
  });

  it("puts Node's own process.env back when the call throws, and after a parse", () => {
    const real = process.env;
    expect(() => withEnvCopy(() => { throw new Error("boom"); })).toThrow("boom");
    expect(process.env).toBe(real);
    expect(parseYaml("a: 1\n", new LineCounter()).problems).toEqual([]);
    expect(process.env).toBe(real);
  });
});
