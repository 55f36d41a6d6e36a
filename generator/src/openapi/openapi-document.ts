/**
 * The OpenAPI 3.1 document of the spec's operations, shipped in `@flowspec/schema` as
 * `openapi.json` and served by `flowspec serve` at `/openapi.json`, so Swagger UI, Redoc, Prism and
 * oasdiff read the same definition as the validator. Schemas are those of `json-schema/`
 * (`openapi-schemas.ts`); paths and security come from the operations and the authentication file.
 */
import type { SecurityScheme, SpecIR } from "../ir/model.js";
import { internalError } from "../base/internal-error.js";
import { componentSchemas } from "./openapi-schemas.js";
import { pathItems } from "./openapi-paths.js";
import { documentOrigin, resolveServerTemplate, serverObject } from "./openapi-servers.js";

type Json = Record<string, unknown>;

const OPENAPI_VERSION = "3.1.0";

/** The scopes OAuth 2.0 schemes may grant: each operation's scope, described by its summary. */
function interfaceScopes(ir: SpecIR, iface: string): Record<string, string> {
  const scopes: Record<string, string> = {};
  for (const op of ir.operations) if (op.interface === iface && op.scope !== undefined) scopes[op.scope] = op.summary;
  return scopes;
}

/**
 * The spec names OAuth 2.0 flows by their grant, OpenAPI by its own keys; these are the flows whose
 * OpenAPI object needs only a token URL.
 */
const OAUTH_FLOWS: Readonly<Record<string, string>> = { client_credentials: "clientCredentials", password: "password" };

function securityScheme(ir: SpecIR, s: SecurityScheme): Json {
  if (s.type === "http") {
    return { type: "http", scheme: s.scheme ?? "bearer", ...(s.bearerFormat !== undefined && { bearerFormat: s.bearerFormat }), description: s.description };
  }
  const flow = { tokenUrl: resolveServerTemplate(ir, s.tokenUrl ?? "/oauth/token"), scopes: interfaceScopes(ir, s.interface) };
  // OpenAPI has no field for the audience a token request must name; the extension says it.
  const flowKey = OAUTH_FLOWS[s.flow ?? "client_credentials"];
  if (flowKey === undefined) throw internalError(`an OAuth 2.0 flow OpenAPI cannot name: ${s.flow}`);
  return { type: "oauth2", description: s.description, flows: { [flowKey]: flow }, ...(s.audience !== undefined && { "x-audience": s.audience }) };
}

function tags(ir: SpecIR): Json[] {
  const used = new Set(ir.operations.map((op) => op.interface));
  // OpenAPI versions the document, not each API in it: the extensions carry each interface's own.
  return ir.interfaces
    .filter((i) => used.has(i.name))
    .map((i) => ({ name: i.title, description: i.description, "x-version": i.version, ...(i.status !== undefined && { "x-status": i.status }) }));
}

export function openApiDocument(ir: SpecIR): Json {
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: ir.title,
      version: ir.version,
      description: `The operations of the flowspec spec, generated from it with the JSON Schema of every record. Interfaces: ${ir.interfaces.map((i) => `${i.title} ${i.version}${i.status !== undefined ? ` (${i.status})` : ""}`).join(", ")}.`,
      "x-interfaces": Object.fromEntries(ir.interfaces.map((i) => [i.name, { title: i.title, version: i.version, ...(i.status !== undefined && { status: i.status }) }])),
    },
    servers: [serverObject(documentOrigin(ir), "The tenant's domain.")],
    tags: tags(ir),
    paths: pathItems(ir),
    components: {
      schemas: componentSchemas(ir),
      securitySchemes: Object.fromEntries(ir.securitySchemes.map((s) => [s.name, securityScheme(ir, s)])),
    },
  };
}
