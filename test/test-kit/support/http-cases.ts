/**
 * One table of HTTP-level cases for the management operations, run against `flowspec serve` and
 * against the MSW handlers alike: a case is a few requests in order (later ones may use what an
 * earlier answer said, e.g. a created flow's id) and what each answer must be.
 */
import { expect } from "vitest";
import { managementErrorRows } from "./error-rows.js";
import { MAX_BODY_BYTES, type TargetOptions, type Tokens } from "./stand-in-targets.js";

export const FLOW = {
  name: "Newsletter sign-up",
  actions: [{ id: "tax", type: "STRIPE", action: "ADD_TAX_ID", params: { connection_id: "ac_YMgcyhMk2TVVHEA7QFcou2", customer_id: "cus_1", type: "eu_vat", value: "DE123" } }],
};
const SCOPES = { scopes: [{ value: "read:reports", description: "Read reports" }] };
const FLOWS = "/api/v2/flows";
const API = "/api/v2/resource-servers/reports-api";

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Record<string, unknown>;
}

export interface Step {
  readonly method: "GET" | "POST" | "PATCH";
  /** The path, or a function of the answers so far. */
  readonly path: string | ((answers: readonly Answer[]) => string);
  readonly token?: keyof Tokens | undefined;
  readonly type?: string;
  readonly body?: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly expect: {
    readonly status: number;
    readonly errorCode?: string;
    /** The first issue's code, on a 400. */
    readonly issue?: string;
    /** Headers the answer must carry, with these values (a RegExp to match). */
    readonly headers?: Readonly<Record<string, string | RegExp>>;
    /** Properties of the body, and what the earlier answers said they must equal. */
    readonly body?: (body: Record<string, unknown>, answers: readonly Answer[]) => Record<string, unknown>;
  };
}

export interface HttpCase {
  readonly name: string;
  readonly target?: TargetOptions;
  readonly steps: readonly Step[];
}

const json = (value: unknown) => ({ type: "application/json", body: JSON.stringify(value) });
const createFlow = (extra: Partial<Step> = {}): Step => ({ method: "POST", path: FLOWS, token: "admin", ...json(FLOW), expect: { status: 201 }, ...extra });

const faultCases: HttpCase[] = managementErrorRows().map((row) => ({
  name: `Prefer: error=${row.code} on ${row.operation} answers that row`,
  steps: [
    {
      method: row.operation === "post_flows" ? "POST" : "PATCH",
      path: row.operation === "post_flows" ? FLOWS : API,
      token: "admin",
      ...json(row.operation === "post_flows" ? FLOW : SCOPES),
      headers: { prefer: `error=${row.code}`, "cache-control": "no-cache" },
      // An injected 429 reads as a real one: nothing left, and when to try again.
      expect: { status: row.status, errorCode: row.code, ...(row.status === 429 && { headers: { "x-ratelimit-limit": /^\d+$/, "x-ratelimit-remaining": "0", "retry-after": /^[1-9]\d*$/ } }) },
    },
  ],
}));

export const HTTP_CASES: readonly HttpCase[] = [
  {
    name: "creates a flow and reads it back",
    steps: [
      createFlow({ expect: { status: 201, body: (b) => ({ ...FLOW, id: expect.stringMatching(/^af_[1-9A-HJ-NP-Za-km-z]{22}$/), created_at: b.updated_at }) } }),
      { method: "GET", path: (a) => `${FLOWS}/${String(a[0]!.body.id)}`, token: "admin", expect: { status: 200, body: (_b, a) => a[0]!.body } },
    ],
  },
  {
    name: "takes a flow form-encoded",
    steps: [createFlow({ type: "application/x-www-form-urlencoded", body: "name=Form+flow&actions[0][id]=x&actions[0][type]=FLOW&actions[0][action]=DO_NOTHING", expect: { status: 201, body: () => ({ name: "Form flow" }) } })],
  },
  { name: "a missing token is 401 invalid_token", steps: [createFlow({ token: undefined, expect: { status: 401, errorCode: "invalid_token", headers: { "www-authenticate": "Bearer" } } })] },
  { name: "a forged signature is 401 invalid_signature", steps: [createFlow({ token: "forged", expect: { status: 401, errorCode: "invalid_signature" } })] },
  { name: "an expired token is 401 invalid_token", steps: [createFlow({ token: "expired", expect: { status: 401, errorCode: "invalid_token" } })] },
  { name: "a client that is not global is 401 client_not_global", steps: [createFlow({ token: "app", expect: { status: 401, errorCode: "client_not_global" } })] },
  {
    name: "a token without the scope is 403 naming it",
    steps: [createFlow({ token: "narrow", expect: { status: 403, errorCode: "insufficient_scope", headers: { "www-authenticate": /scope="create:flows"/ } } })],
  },
  { name: "another content type is 415", steps: [createFlow({ type: "text/plain", expect: { status: 415, errorCode: "unsupported_media_type", headers: { "accept-post": /application\/json/ } } })] },
  { name: "a body past the limit is 413", steps: [createFlow({ ...json({ name: "x".repeat(MAX_BODY_BYTES) }), expect: { status: 413, errorCode: "content_too_large" } })] },
  {
    name: "a bad body is 400 with its issues",
    steps: [createFlow({ ...json({ name: "", actions: [] }), expect: { status: 400, errorCode: "invalid_request", issue: "too_short" } })],
  },
  {
    name: "replaces an API's scopes and reads them back",
    steps: [
      { method: "PATCH", path: API, token: "admin", ...json(SCOPES), headers: { "cache-control": "no-cache" }, expect: { status: 201, body: () => ({ id: "reports-api", ...SCOPES }) } },
      { method: "GET", path: API, token: "admin", expect: { status: 200, body: () => ({ id: "reports-api", ...SCOPES }) } },
    ],
  },
  { name: "an unknown flow is 404", steps: [{ method: "GET", path: `${FLOWS}/af_unknown`, token: "admin", expect: { status: 404, errorCode: "not_found" } }] },
  { name: "reading back needs a token", steps: [{ method: "GET", path: `${FLOWS}/af_unknown`, expect: { status: 401, errorCode: "invalid_token" } }] },
  { name: "reading back needs a global client", steps: [{ method: "GET", path: API, token: "app", expect: { status: 401, errorCode: "client_not_global" } }] },
  {
    name: "the rate limit answers 429 past the limit, with the headers",
    target: { rateLimit: 2 },
    steps: [
      createFlow({ expect: { status: 201, headers: { "x-ratelimit-limit": "2", "x-ratelimit-remaining": "1" } } }),
      createFlow({ expect: { status: 201, headers: { "x-ratelimit-remaining": "0" } } }),
      createFlow({ expect: { status: 429, errorCode: "too_many_requests", headers: { "x-ratelimit-limit": "2", "x-ratelimit-remaining": "0", "x-ratelimit-reset": /^\d+$/, "retry-after": /^[1-9]\d*$/ } } }),
      // Reading back counts in the same window, and is refused past it.
      { method: "GET", path: `${FLOWS}/af_unknown`, token: "admin", expect: { status: 429, errorCode: "too_many_requests", headers: { "retry-after": /^[1-9]\d*$/ } } },
    ],
  },
  {
    name: "a scenario: the second call gets 429, the others pass",
    target: { faults: [{ operation: "post_flows", call: 2, error: "too_many_requests" }] },
    steps: [createFlow(), createFlow({ expect: { status: 429, errorCode: "too_many_requests" } }), createFlow()],
  },
  {
    name: "a scenario: the token expires from the second call on",
    target: { faults: [{ from: 2, error: "invalid_token" }] },
    steps: [createFlow(), createFlow({ expect: { status: 401, errorCode: "invalid_token" } }), createFlow({ expect: { status: 401, errorCode: "invalid_token" } })],
  },
  { name: "a fault the table lacks is 400 unknown_fault", steps: [createFlow({ headers: { prefer: "error=teapot" }, expect: { status: 400, errorCode: "unknown_fault" } })] },
  ...faultCases,
];
