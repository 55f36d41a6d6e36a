/**
 * `--config FILE`: the clients it gives replace the defaults, its key signs the tokens, and every
 * problem in it is reported at its line and column before anything starts.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportJWK, exportPKCS8 } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfigFile } from "../../generator/src/stand-in/config-file.ts";
import { formatDiagnostic } from "../../generator/src/base/diagnostics.ts";
import { startServe } from "../../generator/src/stand-in/server.ts";
import { CONFIG_HELP } from "../../generator/src/commands/serve/usage.ts";
import { call, form, servedPackages, testSigningKey } from "./support/stand-in.ts";

describe("flowspec serve: the config file", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "flowspec-serve-config-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function load(name: string, text: string) {
    const file = join(dir, name);
    writeFileSync(file, text);
    return loadConfigFile(file, await servedPackages());
  }

  async function problems(text: string): Promise<string[]> {
    const loaded = await load("bad.yaml", text);
    if (!("problems" in loaded)) throw new Error("the config was accepted");
    return loaded.problems.map((p) => formatDiagnostic(p).slice(join(dir, "bad.yaml").length));
  }

  it("replaces the clients, keeps the other defaults, and signs with the key it names", async () => {
    const { privateKey } = await testSigningKey();
    writeFileSync(join(dir, "key.pem"), await exportPKCS8(privateKey));
    const loaded = await load(
      "good.yaml",
      ["domain: tenant.example.com", "signingKey: key.pem", "rateLimit: {limit: 7}", "clients:", "  - id: ci", "    secret: s3cret", "    global: true", "    scopes: [create:flows]", ""].join("\n"),
    );
    if ("problems" in loaded) throw new Error(loaded.problems.map(formatDiagnostic).join("\n"));
    expect(loaded.config).toMatchObject({ domain: "tenant.example.com", rateLimit: { limit: 7, windowSeconds: 60 }, clients: [{ id: "ci", global: true, grantTypes: ["client_credentials"] }] });
    const serve = await startServe({ ...(await servedPackages()), config: loaded.config, signingKey: loaded.signingKey, port: 0 });
    try {
      const jwks = await call(serve.url, "GET", "/.well-known/jwks.json");
      expect((jwks.body.keys as { n: string }[])[0]!.n).toBe((await exportJWK(privateKey)).n);
      const audience = "https://tenant.example.com/api/v2/";
      const old = await call(serve.url, "POST", "/oauth/token", { type: "application/x-www-form-urlencoded", body: form({ grant_type: "client_credentials", client_id: "flowspec-admin", client_secret: "flowspec-admin-secret", audience }) });
      expect(old.status).toBe(401);
      const ci = await call(serve.url, "POST", "/oauth/token", { type: "application/x-www-form-urlencoded", body: form({ grant_type: "client_credentials", client_id: "ci", client_secret: "s3cret", audience }) });
      expect(ci.status).toBe(200);
      expect(ci.headers.get("x-ratelimit-limit")).toBe("7");
    } finally {
      await serve.close();
    }
  });

  it("reports every problem of the shape at its line and column, as the spec's checker does", async () => {
    const text = [
      "rateLimit: {limit: 0}", // 1
      "colour: blue", // 2
      "clients:", // 3
      "  - id: a", // 4
      "    secret: x", // 5
      "    grantTypes: [refresh_token, client_credential]", // 6
      "    scopes: [create:flow]", // 7
      "  - id: b", // 8
      "    global: yes", // 9
      "accessPolicies: {user_flow: allow_all, client_flows: allow_al}", // 10
      "",
    ].join("\n");
    expect(await problems(text)).toEqual([
      ":1:20 error ServeConfigInvalidValue: `rateLimit.limit` must be >= 1.",
      ":2:1 error ServeConfigUnknownKey: unknown key `colour` in the top level; allowed here: domain, clients, rateLimit, accessPolicies, tokenLifetimeSeconds, maxBodyBytes, limits, signingKey, faults.",
      ':6:18 error ServeConfigInvalidValue: `clients.0.grantTypes.0` must be one of: "authorization_code", "client_credentials", "password", "urn:okta:params:oauth:grant-type:webauthn".',
      ':6:33 error ServeConfigInvalidValue: `clients.0.grantTypes.1` must be one of: "authorization_code", "client_credentials", "password", "urn:okta:params:oauth:grant-type:webauthn"; did you mean `client_credentials`?',
      ':7:14 error ServeConfigInvalidValue: `clients.0.scopes.0` must be one of: "create:flows", "update:resource_servers"; did you mean `create:flows`?',
      ":8:5 error ServeConfigMissingKey: `clients.1` is missing `secret`; add it.",
      ":9:13 error ServeConfigWrongType: `clients.1.global` must be boolean.",
      ":10:18 error ServeConfigUnknownKey: unknown key `user_flow` in `accessPolicies`; did you mean `user_flows`?",
      ':10:54 error ServeConfigInvalidValue: `accessPolicies.client_flows` must be one of: "allow_all", "deny_all", "require_client_grant"; did you mean `allow_all`?',
    ]);
  });

  it("then holds what has the shape to the served spec's rules, every problem at its line and column", async () => {
    const text = [
      "domain: https://tenant.example.com", // 1
      "accessPolicies:", // 2
      "  client_flows: allow_all", // 3
      "clients:", // 4
      "  - id: a", // 5
      "    secret: x", // 6
      "    selfServiceScopes: [create:flows]", // 7
      "    redirectUris: ['/relative']", // 8
      "  - id: a", // 9
      "    secret: y", // 10
      "",
    ].join("\n");
    expect(await problems(text)).toEqual([
      ':1:9 error ServeConfigInvalidValue: "https://tenant.example.com" is not a host name such as login.example.com (no scheme, path or user)',
      ":3:17 error ServeConfigInvalidValue: the client_flows policy of this interface cannot be changed from deny_all (authentication rule no_client_credentials)",
      ":7:24 error ServeConfigInvalidValue: scopes for the self-service audience have the form *:me:*; not: create:flows (authentication rule self_service_token_flows)",
      ':8:20 error ServeConfigInvalidValue: "/relative" is not an absolute http(s) URL without a fragment (RFC 6749 §3.1.2)',
      ':9:9 error ServeConfigInvalidValue: two clients have the id "a"',
    ]);
  });

  it("loads the config `flowspec help serve` shows: its example grants, scopes and policy are the served spec's", async () => {
    const { privateKey } = await testSigningKey();
    writeFileSync(join(dir, "key.pem"), await exportPKCS8(privateKey));
    const example = CONFIG_HELP.split("\n\n")[1]!.split("\n").map((line) => line.slice(2)).join("\n");
    const loaded = await load("help.yaml", `${example}\n`);
    if ("problems" in loaded) throw new Error(loaded.problems.map(formatDiagnostic).join("\n"));
    expect(loaded.config).toMatchObject({ userFlowPolicy: "allow_all", clients: [{ id: "flowspec-admin", grantTypes: ["client_credentials"], scopes: ["create:flows"] }], faults: [{}, {}, {}] });
  });

  it("reports YAML syntax, duplicate keys and a key file it cannot use", async () => {
    expect(await problems("clients: [\n")).toEqual([expect.stringMatching(/^:2:1 error ServeConfigYamlSyntax: /)]);
    expect(await problems("domain: a.example\ndomain: b.example\n")).toEqual([expect.stringMatching(/^:2:1 error ServeConfigYamlSyntax: the key "domain" is given more than once in this mapping$/)]);
    writeFileSync(join(dir, "not-a-key.pem"), "hello");
    expect(await problems("signingKey: not-a-key.pem\n")).toEqual([expect.stringMatching(/^:1:13 error ServeConfigInvalidValue: the key in not-a-key.pem cannot be used: /)]);
  });
});
