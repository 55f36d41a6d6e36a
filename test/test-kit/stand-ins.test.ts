/**
 * The MSW handlers of @flowspec/fixtures/msw and `flowspec serve` pass the same HTTP-level cases
 * (support/http-cases.ts): scopes, the global-client rule, bodies, the error table, the rate limit,
 * what was created read back, and every row of the management operations' error tables asked for
 * with `Prefer: error=<code>` or scheduled by a scenario.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { HTTP_CASES, type Answer, type HttpCase } from "./support/http-cases.js";
import { managementErrorRows } from "./support/error-rows.js";
import { makeTokens, mswTarget, serveTarget, type Target, type TargetOptions, type Tokens } from "./support/stand-in-targets.js";

async function run(target: Target, tokens: Tokens, c: HttpCase): Promise<void> {
  const answers: Answer[] = [];
  for (const [i, step] of c.steps.entries()) {
    const headers: Record<string, string> = { ...step.headers };
    if (step.token !== undefined) headers.authorization = `Bearer ${tokens[step.token]}`;
    if (step.type !== undefined) headers["content-type"] = step.type;
    const path = typeof step.path === "function" ? step.path(answers) : step.path;
    const response = await fetch(`${target.base}${path}`, { method: step.method, headers, ...(step.body !== undefined && { body: step.body }) });
    const text = await response.text();
    const answer: Answer = { status: response.status, headers: response.headers, body: text === "" ? {} : (JSON.parse(text) as Record<string, unknown>) };
    const at = `step ${i + 1}: ${step.method} ${path}`;
    expect({ at, status: answer.status, errorCode: answer.body.errorCode }).toEqual({ at, status: step.expect.status, errorCode: step.expect.errorCode });
    if (step.expect.issue !== undefined) expect((answer.body.issues as { code: string }[])[0]?.code, at).toBe(step.expect.issue);
    for (const [name, value] of Object.entries(step.expect.headers ?? {})) {
      if (typeof value === "string") expect(answer.headers.get(name), `${at} ${name}`).toBe(value);
      else expect(answer.headers.get(name), `${at} ${name}`).toMatch(value);
    }
    if (step.expect.body !== undefined) expect(answer.body, at).toMatchObject(step.expect.body(answer.body, answers));
    answers.push(answer);
  }
}

it("asks every row of the management operations' error tables for by a documented trigger", () => {
  const rows = managementErrorRows();
  expect(rows).toHaveLength(16);
  for (const row of rows) expect(HTTP_CASES.some((c) => c.name === `Prefer: error=${row.code} on ${row.operation} answers that row`), `${row.operation} ${row.code}`).toBe(true);
});

describe.each([
  ["flowspec serve", serveTarget],
  ["the MSW handlers", mswTarget],
] as const)("%s", (_name, start: (options?: TargetOptions) => Promise<Target>) => {
  let tokens: Tokens;
  let target: Target | null = null;
  beforeAll(async () => {
    tokens = await makeTokens();
  });
  afterEach(async () => {
    await target?.close();
    target = null;
  });

  it.each(HTTP_CASES.map((c) => [c.name, c] as const))("%s", async (_case, c) => {
    target = await start(c.target);
    await run(target, tokens, c);
  });
});
