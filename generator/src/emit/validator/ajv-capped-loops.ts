/**
 * The two Ajv keywords that loop over the input (`items` over a list, `additionalProperties` over
 * an object's keys), replaced so that with `allErrors` they stop looking once enough issues are
 * found. Ajv's own loops run to the end of the input: a million wrong items cost a million error
 * objects, and a sparse list or a Proxy whose `length` is 2^32 − 1 never ends.
 *
 * The loop breaks only after the value is already known to be invalid (one of its items or keys
 * failed), so breaking cannot change a verdict, even inside a union whose branches share the error
 * count. It breaks when this function holds `maxIssues` errors, or when the run as a whole has
 * (nested actions count theirs in `nestedIssues`): past that, nobody will see more.
 *
 * Only what the spec language uses is supported: `items` with one schema, `additionalProperties`
 * beside `properties` (no `patternProperties`, no `removeAdditional`).
 */
import { _, type Code, type CodeKeywordDefinition, type KeywordCxt, type Name } from "ajv";
import { not } from "ajv/dist/compile/codegen/index.js";
import namesModule from "ajv/dist/compile/names.js";
import { alwaysValidSchema, schemaRefOrVal, Type } from "ajv/dist/compile/util.js";
import { allSchemaProperties, isOwnProperty } from "ajv/dist/vocabularies/code.js";

/** Ajv's names module is CommonJS with `exports.default` (see ajv-keywords.ts). */
const N = ("default" in namesModule ? (namesModule as { default: unknown }).default : namesModule) as typeof namesModule.default;

/** True once no more issues are wanted (`this` is the run's context: `passContext`). */
function enoughIssues(): Code {
  return _`${N.errors} >= ${N.this}.maxIssues || ${N.this}.nestedIssues >= ${N.this}.maxIssues`;
}

/** After a failure inside a loop: keep looking (all errors, below the cap) or stop. */
function afterFailure(cxt: KeywordCxt, markInvalid: () => void): void {
  const { gen, it } = cxt;
  markInvalid();
  if (!it.allErrors) gen.break();
  else gen.if(enoughIssues(), () => gen.break());
}

export const itemsKeyword: CodeKeywordDefinition = {
  keyword: "items",
  type: "array",
  schemaType: ["object", "boolean"],
  before: "uniqueItems",
  code(cxt) {
    const { gen, it, data } = cxt;
    it.items = true;
    if (alwaysValidSchema(it, cxt.schema as never)) return;
    const all = gen.let("valid", true);
    const item = gen.name("valid");
    const len = gen.const("len", _`${data}.length`);
    gen.forRange("i", 0, len, (i) => {
      cxt.subschema({ keyword: "items", dataProp: i, dataPropType: Type.Num }, item);
      gen.if(not(item), () => afterFailure(cxt, () => gen.assign(all, false)));
    });
    cxt.ok(all);
  },
};

/** More declared properties than this and a key is looked up with hasOwnProperty, not compared. */
const COMPARED_PROPERTIES = 8;

export const additionalPropertiesKeyword: CodeKeywordDefinition = {
  keyword: "additionalProperties",
  type: ["object"],
  schemaType: ["boolean", "object"],
  before: "properties",
  allowUndefined: true,
  trackErrors: true,
  error: { message: "additional", params: ({ params }) => _`{additionalProperty: ${params.additionalProperty as Code}}` },
  code(cxt) {
    const { gen, schema, parentSchema, data, errsCount, it } = cxt;
    if (!errsCount) throw new Error("flowspec: additionalProperties needs trackErrors");
    if (parentSchema.patternProperties !== undefined) throw new Error("flowspec: patternProperties is not supported");
    it.props = true;
    if (alwaysValidSchema(it, schema as never)) return;
    const names = allSchemaProperties(parentSchema.properties as never);
    const declared = (key: Code): Code => {
      if (names.length > COMPARED_PROPERTIES) return isOwnProperty(gen, schemaRefOrVal(it, parentSchema.properties, "properties") as Name, key);
      return names.length === 0 ? _`false` : names.map((p) => _`${key} === ${p}`).reduce((a, b) => _`${a} || ${b}`);
    };
    gen.forIn("key", data, (key) => {
      gen.if(not(declared(key)), () => {
        if (schema === false) {
          cxt.setParams({ additionalProperty: key });
          cxt.error();
          afterFailure(cxt, () => undefined);
          return;
        }
        const valid = gen.name("valid");
        cxt.subschema({ keyword: "additionalProperties", dataProp: key, dataPropType: Type.Str }, valid);
        gen.if(not(valid), () => afterFailure(cxt, () => undefined));
      });
    });
    cxt.ok(_`${errsCount} === ${N.errors}`);
  },
};
