/**
 * `package.json` and `README.md` of `@flowspec/types`. The README's example is a variant of the
 * spec with its own example params, so it compiles (test/types checks it) and stays true.
 */
import type { SpecIR, Variant } from "../../ir/model.js";
import { allSources, markdownHeader, packageJson, type GeneratedFile } from "../generated-file.js";
import type { Json } from "./constants.js";
import { internalError } from "../../base/internal-error.js";
import { variantActionExample } from "../../ir/example-order.js";
import { printValue } from "./print-values.js";

const FILES = ["index.d.ts", "index.d.cts", "index.js", "index.cjs", "README.md"];

function manifest(ir: SpecIR): string {
  return packageJson(ir, {
    name: "@flowspec/types",
    description: "TypeScript types and constants for the flows management and account self-service API.",
    type: "module",
    main: "./index.cjs",
    types: "./index.d.ts",
    exports: {
      ".": {
        import: { types: "./index.d.ts", default: "./index.js" },
        require: { types: "./index.d.cts", default: "./index.cjs" },
      },
      "./package.json": "./package.json",
    },
    files: FILES,
    sideEffects: false,
  });
}

/** The variant the README shows: the first with required params and an example. */
function showcase(ir: SpecIR): Variant {
  const variants = ir.flowActions.types.flatMap((t) => t.variants);
  const chosen = variants.find((v) => v.paramsRequired && v.example !== undefined) ?? variants[0];
  if (chosen === undefined) throw internalError("the spec defines no flow action");
  return chosen;
}

/** A typed example action, written as prettier writes it. */
function exampleAction(ir: SpecIR, v: Variant): string {
  const action = (variantActionExample(v) ?? { id: v.action.toLowerCase(), type: v.type, action: v.action, params: {} }) as Json;
  return printValue(action, { head: `const action: FlowActionOf<"${v.type}", "${v.action}"> = `, tail: ";", indent: "" }, "js");
}

function readme(ir: SpecIR): string {
  const variants = ir.flowActions.types.reduce((n, t) => n + t.variants.length, 0);
  const v = showcase(ir);
  return `${markdownHeader(ir, allSources(ir))}
# @flowspec/types

TypeScript types for every request and response of the flows management and account
self-service spec, and the spec's constants. No runtime dependencies.

\`FlowAction\` is the union of the ${variants} action variants, told apart by \`type\` and then
\`action\`; narrowing on both gives the exact \`params\`:

\`\`\`ts
import type { CreateFlowRequestContent, FlowAction, FlowActionOf, ${v.paramsName} } from "@flowspec/types";

function paramsOf(action: FlowAction): ${v.paramsName} | undefined {
  if (action.type === "${v.type}" && action.action === "${v.action}") return action.params;
  return undefined;
}

${exampleAction(ir, v)}

const body: CreateFlowRequestContent = { name: "An example", actions: [action] };
paramsOf(body.actions?.[0] ?? action);
\`\`\`

An action the type does not have (\`{ type: "${v.type}", action: "NOT_AN_ACTION" }\`) does not compile.
\`FlowActionKey\` is the union of the ${variants} \`"TYPE:ACTION"\` keys; \`FlowActionByKey<K>\` and
\`FlowActionParamsOf<T, A>\` pick a variant or its params.

Constants (ESM and CommonJS), each declared \`as const\`:

\`\`\`ts
import { FLOW_ACTION_KEYS, FLOW_ACTION_TYPES, LIMITS } from "@flowspec/types";
\`\`\`

| constant | what it holds |
| --- | --- |
| \`SPEC_VERSION\` | the spec version, which is this package's version |
| \`FLOW_ACTION_TYPES\` | every action type |
| \`FLOW_ACTION_ACTIONS\` | the actions of each type |
| \`FLOW_ACTION_KEYS\` | every \`"TYPE:ACTION"\` key |
| \`LIMITS\` | the limits, by id |
| \`ERRORS\` | the error table: one row per code on the wire, with the operations that answer with it |
| \`INTERFACES\` | each interface's title, version, status and base path |
| \`OPERATION_SCOPES\` | the scope each operation needs |
| \`LIFECYCLE_LABELS\` | the lifecycle labels |

Every type and field carries the spec's description, its constraints in words, its lifecycle
label and a link to its section of \`@flowspec/reference\`. The types check under \`strict\`,
\`exactOptionalPropertyTypes\` and \`noUncheckedIndexedAccess\`, with \`moduleResolution\`
\`node16\`, \`nodenext\` or \`bundler\`.
`;
}

export function packageFiles(ir: SpecIR): GeneratedFile[] {
  return [
    { path: "types/package.json", contents: manifest(ir) },
    { path: "types/README.md", contents: readme(ir) },
  ];
}
