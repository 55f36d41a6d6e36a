/**
 * The stand-in writes no grant, scope, access policy, path or audience of the spec: it reads them
 * from the packages it serves. Shown by changing the spec: a copy whose WebAuthn grant has another
 * URN, which has no password grant and no `plain` PKCE method, whose token endpoint has another path
 * and management tokens another audience, whose rules name no discouraged policy (so `allow_all` is
 * no policy of it) and whose management scope for creating flows has another name, is generated (the
 * validator and the OpenAPI document, as `generate` writes them) and served; what serve advertises,
 * redeems, gives its default clients and accepts in its config follows the copy.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { decodeJwt } from "jose";
import { isMap, isSeq } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatDiagnostic } from "../../generator/src/base/diagnostics.ts";
import { emitValidator } from "../../generator/src/emit/validator/emit-validator.ts";
import { loadIr } from "../../generator/src/ir/load-ir.ts";
import { openApiDocument } from "../../generator/src/openapi/openapi-document.ts";
import { loadConfigFile } from "../../generator/src/stand-in/config-file.ts";
import { DEFAULT_CONFIG } from "../../generator/src/stand-in/config.ts";
import { loadServedPackages, type ServedPackages } from "../../generator/src/stand-in/served-packages.ts";
import { startServe, type RunningServe } from "../../generator/src/stand-in/server.ts";
import { REAL_SPEC } from "../support/paths.ts";
import { editYaml } from "../support/yaml-edits.ts";
import { ADMIN, APP, call, form, MANAGEMENT_AUDIENCE, servedPackages, testSigningKey } from "./support/stand-in.ts";

const OLD_URN = "urn:okta:params:oauth:grant-type:webauthn";
const NEW_URN = "urn:example:params:oauth:grant-type:passkey";
const OLD_SCOPE = "create:flows";
const NEW_SCOPE = "create:flow_definitions";
const NEW_TOKEN_PATH = "/oauth2/token";

/** Every file of the copy with `from` replaced by `to`. */
function replaceEverywhere(dir: string, from: string, to: string): void {
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((n) => n.endsWith(".yaml"))) {
    const file = join(dir, name);
    writeFileSync(file, readFileSync(file, "utf8").replaceAll(from, to));
  }
}

function editSpec(specDir: string): void {
  editYaml(specDir, "records/self-service.yaml", (doc) => doc.setIn(["records", "AuthorizeQuery", "properties", "code_challenge_method", "enum"], doc.createNode(["S256"], { flow: true })));
  replaceEverywhere(specDir, OLD_URN, NEW_URN);
  replaceEverywhere(specDir, OLD_SCOPE, NEW_SCOPE);
  replaceEverywhere(specDir, "/oauth/token", NEW_TOKEN_PATH);
  editYaml(specDir, "authentication.yaml", (doc) => doc.setIn(["securitySchemes", "oAuth2ClientCredentials", "audience"], "https://{tenantDomain}/management/"));
  editYaml(specDir, "records/self-service.yaml", (doc) => {
    const members = doc.getIn(["records", "TokenRequest", "oneOf"]);
    if (!isSeq(members)) throw new Error("no TokenRequest union");
    members.items = members.items.filter((m) => !(isMap(m) && m.get("$ref") === "PasswordTokenRequest"));
  });
  editYaml(specDir, "authentication.yaml", (doc) => {
    const rules = doc.get("rules");
    if (!isSeq(rules)) throw new Error("no rules");
    rules.items = rules.items.filter((r) => !(isMap(r) && r.get("kind") === "discouraged_policy"));
    for (const rule of rules.items) {
      const flows = isMap(rule) ? rule.get("flows") : undefined;
      if (isSeq(flows)) flows.items = flows.items.filter((f) => !(isMap(f) && f.get("grant") === "password"));
    }
  });
}

describe("flowspec serve reads its grants, scopes and access policies from the spec it serves", () => {
  let root: string;
  let packages: ServedPackages;
  let serve: RunningServe;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), "flowspec-serve-facts-"));
    const specDir = join(root, "spec");
    const outDir = join(root, "packages");
    cpSync(REAL_SPEC, specDir, { recursive: true });
    editSpec(specDir);
    const loaded = loadIr({ specDir, displayRoot: root });
    if (loaded.ir === undefined) throw new Error(loaded.diagnostics.map(formatDiagnostic).join("\n"));
    // What serve reads: the validator package and the schema package's OpenAPI document.
    const openApi = { path: "schema/openapi.json", contents: JSON.stringify(openApiDocument(loaded.ir)) };
    for (const file of [openApi, ...emitValidator(loaded.ir)]) {
      mkdirSync(dirname(join(outDir, file.path)), { recursive: true });
      writeFileSync(join(outDir, file.path), file.contents);
    }
    const served = await loadServedPackages(outDir, specDir);
    if (typeof served === "string") throw new Error(served);
    packages = served;
    serve = await startServe({ ...packages, config: DEFAULT_CONFIG, signingKey: await testSigningKey(), port: 0 });
  }, 60_000);
  afterAll(async () => {
    await serve?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const token = (fields: Record<string, string>) => call(serve.url, "POST", NEW_TOKEN_PATH, { type: "application/x-www-form-urlencoded", body: form(fields) });

  it("advertises the grants of the spec's token request and the PKCE methods of its authorize query", async () => {
    const committed = await startServe({ ...(await servedPackages()), signingKey: await testSigningKey(), port: 0 });
    try {
      expect((await call(committed.url, "GET", "/.well-known/openid-configuration")).body).toMatchObject({
        grant_types_supported: ["authorization_code", "client_credentials", "password", OLD_URN],
        token_endpoint: "https://flowspec.local/oauth/token",
        response_types_supported: ["code"],
        code_challenge_methods_supported: ["S256", "plain"],
      });
    } finally {
      await committed.close();
    }
    expect((await call(serve.url, "GET", "/.well-known/openid-configuration")).body).toMatchObject({
      grant_types_supported: ["authorization_code", "client_credentials", NEW_URN],
      token_endpoint: `https://flowspec.local${NEW_TOKEN_PATH}`,
      response_types_supported: ["code"],
      code_challenge_methods_supported: ["S256"],
    });
  });

  it("redeems the WebAuthn grant under the spec's URN, and no grant the spec dropped", async () => {
    const webAuthn = { client_id: APP.id, client_secret: APP.secret, auth_session: "unknown-session", authn_response: JSON.stringify({ id: "a", rawId: "a", type: "public-key", response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" } }) };
    // The WebAuthn module answers (the session is unknown): the grant reached it under its new name.
    expect(await token({ grant_type: NEW_URN, ...webAuthn })).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect(await token({ grant_type: OLD_URN, ...webAuthn })).toMatchObject({ status: 400, body: { error: "unsupported_grant_type" } });
    expect(await token({ grant_type: "password", client_id: APP.id, client_secret: APP.secret, username: "u", password: "p" })).toMatchObject({ status: 400, body: { error: "unsupported_grant_type" } });
    const challenge = await call(serve.url, "POST", "/passkey/challenge", { type: "application/json", body: JSON.stringify({ client_id: APP.id }) });
    expect(challenge.status).toBe(200);
  });

  it("gives the default admin client every management scope of the spec, for the spec's management audience", async () => {
    const audience = "https://flowspec.local/management/";
    const admin = await token({ grant_type: "client_credentials", client_id: ADMIN.id, client_secret: ADMIN.secret, audience });
    expect(admin.status).toBe(200);
    expect(decodeJwt(admin.body.access_token as string)).toMatchObject({ scope: `${NEW_SCOPE} update:resource_servers`, aud: audience });
    expect(await token({ grant_type: "client_credentials", client_id: ADMIN.id, client_secret: ADMIN.secret, audience: MANAGEMENT_AUDIENCE })).toMatchObject({ status: 403, body: { error: "access_denied" } });
    expect(serve.context.config.clients.find((c) => c.id === APP.id)).toMatchObject({ grantTypes: ["authorization_code", "client_credentials", NEW_URN], scopes: [NEW_SCOPE] });
  });

  it("accepts in its config file the grants, scopes and policies of the spec, and names them when it refuses one", async () => {
    const file = join(root, "serve.yaml");
    const lines = ["accessPolicies: {user_flows: allow_all}", "clients:", "  - id: c", "    secret: s", `    grantTypes: [password, '${NEW_URN}']`, `    scopes: [${OLD_SCOPE}, ${NEW_SCOPE}]`, ""];
    writeFileSync(file, lines.join("\n"));
    const loaded = await loadConfigFile(file, packages);
    if (!("problems" in loaded)) throw new Error("the config was accepted");
    expect(loaded.problems.map((p) => formatDiagnostic(p).slice(file.length))).toEqual([
      ':1:30 error ServeConfigInvalidValue: `accessPolicies.user_flows` must be one of: "deny_all", "require_client_grant".',
      `:5:18 error ServeConfigInvalidValue: \`clients.0.grantTypes.0\` must be one of: "authorization_code", "client_credentials", "${NEW_URN}".`,
      `:6:14 error ServeConfigInvalidValue: \`clients.0.scopes.0\` must be one of: "${NEW_SCOPE}", "update:resource_servers".`,
    ]);
    // The same file is right for the committed packages but for the grant and scope they do not have.
    const committed = await loadConfigFile(file, await servedPackages());
    if (!("problems" in committed)) throw new Error("the config was accepted");
    expect(committed.problems.map((p) => formatDiagnostic(p).slice(file.length, file.length + 6))).toEqual([":5:28 ", ":6:28 "]);
  });
});
