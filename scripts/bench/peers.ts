/**
 * Every validator the benchmark runs, each checking CreateFlowRequestContent as the spec describes
 * it, built in this process from the IR (zod, valibot, ArkType, TypeBox), from the published JSON
 * Schema (Ajv), or generated ahead (typia, see scripts/typia). Each peer has a valid-path call (the
 * verdict) and, where it has one, its error report on invalid input, built in full: issues with
 * messages for ours, `errors` for Ajv, the error list of each library.
 *
 * Where a library cannot say what the spec says, it gets the nearest thing: lengths count UTF-16
 * units except in Ajv and ours; typia and valibot have no code-point length; TypeBox's unions have no
 * discriminator, so it tries variants in order.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import type { SpecIR } from "../../generator/src/ir/model.js";
import { IrPeers, RECORD, type Peer } from "./ir-peers.js";
import { handWrittenLimit } from "./limit.js";
import { arkTypePeer } from "./peer-arktype.js";
import { typeboxPeer } from "./peer-typebox.js";
import { valibotPeer } from "./peer-valibot.js";
import { zodPeer } from "./peer-zod.js";

export type { Peer } from "./ir-peers.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

type Validate = (input: unknown, options?: { allErrors?: boolean }) => { ok: boolean; issues?: readonly { message: string }[] };

const ALL = Object.freeze({ allErrors: true });

/** A build of @flowspec/validator (this one, or an earlier one to compare with). */
export function packagePeer(name: string, validate: Validate): Peer {
  return {
    name,
    check: (input) => validate(input).ok,
    report: (input) => validate(input).issues?.length ?? 0,
    reportAll: (input) => validate(input, ALL).issues?.length ?? 0,
  };
}
// ---- Ajv, on the published JSON Schema ----------------------------------------------------------

type Json = { [key: string]: unknown };

/**
 * The published schema files leave out OpenAPI's `discriminator` keyword (openapi.json keeps it),
 * and without it Ajv tries every member of each `oneOf`: 100 times slower on a valid flow. Put back
 * where openapi.json has it (the action union by `type`, each provider's union by `action`), so Ajv
 * dispatches as its `discriminator` option allows.
 */
function withDiscriminators(schema: Json): Json {
  const unions = [schema, ...Object.values((schema.$defs ?? {}) as Record<string, Json>)];
  for (const union of unions) {
    const properties = (union.properties ?? {}) as Record<string, Json>;
    if (!Array.isArray(union.oneOf) || properties.type === undefined) continue;
    union.discriminator = { propertyName: properties.type.const === undefined ? "type" : "action" };
  }
  return schema;
}

/** Ajv 8 with every published schema, the spec's formats and its `discriminator` option: `record`'s validate function. */
export function ajvValidator(p: IrPeers, allErrors: boolean, record = RECORD): ValidateFunction {
  const schemaDir = `${ROOT}packages/schema/`;
  const formats = Object.fromEntries([...p.formats].map(([name, check]) => [name, p.patterns.get(name) ?? check]));
  const ajv = new Ajv2020({ strict: false, discriminator: true, ownProperties: true, allErrors, formats });
  for (const file of readdirSync(schemaDir).filter((f) => f.endsWith(".schema.json")).sort()) ajv.addSchema(withDiscriminators(JSON.parse(readFileSync(schemaDir + file, "utf8")) as Json));
  return ajv.getSchema(`https://flowspec.dev/schema/${record}.schema.json`)!;
}

function ajvPeer(p: IrPeers): Peer {
  const first = ajvValidator(p, false);
  const all = ajvValidator(p, true);
  return {
    name: "Ajv, nested discriminator",
    check: (input) => first(input) as boolean,
    report: (input) => (first(input) ? 0 : (first.errors?.length ?? 0)),
    reportAll: (input) => (all(input) ? 0 : (all.errors?.length ?? 0)),
  };
}

// ---- typia, generated ahead ---------------------------------------------------------------------

const TYPIA = `${ROOT}scripts/typia/`;

async function typiaPeer(): Promise<Peer | string> {
  if (!existsSync(`${TYPIA}node_modules/typia`)) return "typia skipped: run `npm ci --prefix scripts/typia` to install it";
  const module = (await import(`${TYPIA}generated/validators.js`)) as { equals: (x: unknown) => boolean; validateEquals: (x: unknown) => { success: boolean; errors?: unknown[] } };
  const report = (input: unknown) => module.validateEquals(input).errors?.length ?? 0;
  return { name: "typia (equals, validateEquals)", check: module.equals, report, reportAll: report };
}

/**
 * Every peer but the package itself, in two sets: Ajv alone, or all the others; `notes` collects
 * what could not be built.
 */
export async function irPeers(ir: SpecIR, notes: string[], set: "ajv" | "others"): Promise<Peer[]> {
  const p = new IrPeers(ir);
  if (set === "ajv") return [ajvPeer(p)];
  const limit = handWrittenLimit(ir, RECORD);
  const peers: Peer[] = [{ name: "hand-written limit (generated from the IR)", check: limit }];
  const typia = await typiaPeer();
  if (typeof typia === "string") notes.push(typia);
  else peers.push(typia);
  peers.push(typeboxPeer(p), zodPeer(p), valibotPeer(p), arkTypePeer(p));
  return peers;
}
