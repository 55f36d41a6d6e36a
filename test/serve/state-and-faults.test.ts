/**
 * What `flowspec serve` adds for other teams' tests, over real HTTP: the banner's token request
 * works as printed, one log line per request, CORS for browser clients, a scenario from the config
 * file (with its problems at line and column). The rules, the read-back and every `Prefer:
 * error=<code>` row are in test/test-kit/stand-ins.test.ts, shared with the MSW handlers.
 */
import { EventEmitter } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { connect } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfigFile } from "../../generator/src/stand-in/config-file.ts";
import { formatDiagnostic } from "../../generator/src/base/diagnostics.ts";
import { serveMain, type StopSignal } from "../../generator/src/commands/serve/run.ts";
import { startServe, type RunningServe } from "../../generator/src/stand-in/server.ts";
import { PACKAGES, REAL_SPEC } from "../support/paths.ts";
import { ADMIN, call, clientToken, servedPackages, startStandIn, testSigningKey } from "./support/stand-in.ts";

const FLOW = JSON.stringify({ name: "Logged flow" });

/** What a server answers to bytes fetch would refuse to send. */
function rawRequest(base: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    let answer = "";
    const socket = connect(Number(port), hostname, () => socket.write(bytes));
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("flowspec serve: the banner and the request log", () => {
  it("prints the audience and a token request that works as printed, then one line per request", async () => {
    const out = { stdout: "", stderr: "" };
    const signals = new EventEmitter();
    const exit = serveMain(["--port", "0", "--spec", REAL_SPEC, "--out", PACKAGES], { stdout: (t) => void (out.stdout += t), stderr: (t) => void (out.stderr += t) }, signals as StopSignal);
    await expect.poll(() => out.stdout, { timeout: 5000 }).toMatch(/one line per request/);
    expect(out.stdout).toContain("management API audience https://flowspec.local/api/v2/ (the token's aud)");
    const curl = /curl -s (\S+) ((?:-d \S+ ?)+)/.exec(out.stdout)!;
    const fields = [...curl[2]!.matchAll(/-d (\S+)/g)].map((m) => m[1]!).join("&");
    const tokenReply = await call(curl[1]!.replace(/\/oauth\/token$/, ""), "POST", "/oauth/token", { type: "application/x-www-form-urlencoded", body: fields });
    expect(tokenReply.status).toBe(200);
    const token = tokenReply.body.access_token as string;
    const base = curl[1]!.replace(/\/oauth\/token$/, "");
    const before = out.stdout.length;
    expect((await call(base, "POST", "/api/v2/flows", { token, type: "application/json", body: FLOW })).status).toBe(201);
    expect((await call(base, "POST", "/api/v2/flows", { token, type: "application/json", body: JSON.stringify({ name: "" }) })).status).toBe(400);
    expect((await call(base, "POST", "/api/v2/flows", { type: "application/json", body: FLOW })).status).toBe(401);
    expect(await rawRequest(base, "GET http://[ HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(/^HTTP\/1\.1 400 /);
    const wrongSecret = fields.replace(/client_secret=[^&]+/, "client_secret=wrong");
    expect((await call(base, "POST", "/oauth/token", { type: "application/x-www-form-urlencoded", body: wrongSecret })).status).toBe(401);
    signals.emit("SIGINT");
    expect(await exit).toBe(0);
    expect(out.stdout.slice(before).split("\n").slice(0, 5)).toEqual([
      "POST /api/v2/flows 201 flowspec-admin -",
      "POST /api/v2/flows 400 flowspec-admin invalid_request/too_short",
      "POST /api/v2/flows 401 - invalid_token",
      "GET http://[ 400 - invalid_request_target",
      "POST /oauth/token 401 - invalid_client",
    ]);
  });
});

describe("flowspec serve: CORS", () => {
  let serve: RunningServe;
  beforeAll(async () => {
    serve = await startStandIn();
  });
  afterAll(() => serve?.close());

  it("answers a preflight with the path's methods and the headers the operations take", async () => {
    const origin = "http://localhost:5173";
    const preflight = await fetch(`${serve.url}/api/v2/flows`, { method: "OPTIONS", headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type, prefer" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe(origin);
    expect(preflight.headers.get("access-control-allow-methods")).toBe("POST");
    expect(preflight.headers.get("access-control-allow-headers")).toBe("authorization, content-type, cache-control, prefer");
    const readPath = await fetch(`${serve.url}/api/v2/resource-servers/some-api`, { method: "OPTIONS", headers: { origin, "access-control-request-method": "GET" } });
    expect(readPath.headers.get("access-control-allow-methods")).toBe("PATCH, GET");
    const nowhere = await fetch(`${serve.url}/nowhere`, { method: "OPTIONS", headers: { origin, "access-control-request-method": "GET" } });
    expect(nowhere.status).toBe(404);
  });

  it("lets a browser read every answer and the rate-limit headers; no Origin, no CORS headers", async () => {
    const origin = "http://localhost:5173";
    const answer = await fetch(`${serve.url}/api/v2/flows`, { method: "POST", headers: { origin, "content-type": "application/json" }, body: FLOW });
    expect(answer.status).toBe(401);
    expect(answer.headers.get("access-control-allow-origin")).toBe(origin);
    expect(answer.headers.get("access-control-expose-headers")).toContain("x-ratelimit-remaining");
    const plain = await fetch(`${serve.url}/api/v2/flows`, { method: "POST", headers: { "content-type": "application/json" }, body: FLOW });
    expect(plain.headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("flowspec serve: a scenario in the config file", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "flowspec-serve-scenario-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function load(text: string) {
    const file = join(dir, "scenario.yaml");
    writeFileSync(file, text);
    return { file, loaded: await loadConfigFile(file, await servedPackages()) };
  }

  it("makes the third call answer 429 and the second PATCH find its token expired", async () => {
    const { loaded } = await load(
      ["faults:", "  - {operation: post_flows, call: 3, error: too_many_requests}", "  - {operation: patch_resource_server_scopes, from: 2, error: invalid_token}", ""].join("\n"),
    );
    if (!("config" in loaded)) throw new Error(JSON.stringify(loaded.problems));
    const serve = await startServe({ ...(await servedPackages()), config: loaded.config, signingKey: await testSigningKey(), port: 0 });
    try {
      const token = await clientToken(serve.url, ADMIN);
      const post = () => call(serve.url, "POST", "/api/v2/flows", { token, type: "application/json", body: FLOW });
      const patch = () => call(serve.url, "PATCH", "/api/v2/resource-servers/api-1", { token, type: "application/json", body: JSON.stringify({ scopes: [] }), headers: { "cache-control": "no-cache" } });
      expect([(await post()).status, (await post()).status, (await post()).body.errorCode, (await post()).status]).toEqual([201, 201, "too_many_requests", 201]);
      expect([(await patch()).status, (await patch()).body.errorCode, (await patch()).body.errorCode]).toEqual([201, "invalid_token", "invalid_token"]);
    } finally {
      await serve.close();
    }
  });

  it("reports a fault it cannot play at its line and column", async () => {
    const problems = async (lines: readonly string[]) => {
      const { file, loaded } = await load(["faults:", ...lines, ""].join("\n"));
      if (!("problems" in loaded)) throw new Error("the scenario was accepted");
      return loaded.problems.map((p) => formatDiagnostic(p).slice(file.length));
    };
    // The shape first, as for the spec: an operation the stand-in has no management handler for.
    expect(await problems(["  - {operation: post_flow, call: 1, error: invalid_token}"])).toEqual([
      ':2:17 error ServeConfigInvalidValue: `faults.0.operation` must be one of: "post_flows", "patch_resource_server_scopes"; did you mean `post_flows`?',
    ]);
    expect(await problems(["  - {operation: post_flows, call: 1, error: teapot}", "  - {error: invalid_token, call: 1, from: 2}", "  - {error: invalid_token}"])).toEqual([
      ':2:45 error ServeConfigInvalidValue: "teapot" is no row of post_flows\'s error table',
      ':3:5 error ServeConfigInvalidValue: a fault needs "call" (one call) or "from" (every call from then on), not both',
      ':4:5 error ServeConfigInvalidValue: a fault needs "call" (one call) or "from" (every call from then on), not neither',
    ]);
  });
});
