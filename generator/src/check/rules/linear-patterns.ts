import { escapePointerToken } from "../../load/yaml-positions.js";
import { checkLinearPattern } from "../linear-pattern.js";
import type { CrossRule } from "../rule-context.js";
import { walkSpecSchemas } from "../schema-walk.js";

export const linearPatterns: CrossRule = {
  rule: "every pattern is a valid regular expression that runs in linear time",
  *check({ sources, report }) {
    const patterns = [
      ...Object.entries(sources.formats.data.formats)
        .filter(([, f]) => f.pattern !== undefined)
        .map(([name, f]) => ({ file: sources.formats.file, pointer: `/formats/${escapePointerToken(name)}/pattern`, pattern: f.pattern! })),
      ...walkSpecSchemas(sources)
        .filter((v) => v.node.pattern !== undefined)
        .map((v) => ({ file: v.file, pointer: `${v.pointer}/pattern`, pattern: v.node.pattern! })),
    ];
    for (const { file, pointer, pattern } of patterns) {
      const verdict = checkLinearPattern(pattern);
      if (verdict.ok) continue;
      const invalid = verdict.reason.startsWith("invalid");
      yield report(
        file,
        pointer,
        invalid ? "SpecInvalidPattern" : "SpecNonLinearPattern",
        invalid
          ? `pattern ${JSON.stringify(pattern)} is ${verdict.reason}; fix the regular expression.`
          : `pattern ${JSON.stringify(pattern)} cannot be proved to run in linear time (${verdict.reason}); rewrite it so that no text can be matched in more than one way.`,
      );
    }
  },
};
