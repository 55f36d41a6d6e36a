/**
 * createRequestCheck in process, on the generated package: the order of the answers, the content
 * types it takes (and only those), the size limit in bytes, the decoders, the options, and that
 * nothing a request holds makes it throw. Every error body follows ErrorResponseContent.
 */
import { describe, expect, it } from "vitest";
import { createRequestCheck, type ErrorResponse, type RequestCheckResult, type ServiceRequest } from "../../packages/validator/dist/service.js";
import { schemaErrors, validateErrorBody } from "./support/error-schema.ts";

const GLOBAL = "global-client";
const CLAIMS = { azp: GLOBAL, scope: "create:flows update:resource_servers" };
const JSON_TYPE = { "content-type": "application/json" };
const checkFlow = createRequestCheck("post_flows", { globalClients: [GLOBAL], maxBodyBytes: 64 });

function post(overrides: Partial<ServiceRequest>): ServiceRequest {
  return { method: "POST", headers: JSON_TYPE, rawBody: '{"name":"x"}', claims: CLAIMS, ...overrides };
}

/** The response of a refused request, checked against the spec's error record. */
function refused<T>(result: RequestCheckResult<T>): ErrorResponse {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.value)}`);
  expect(validateErrorBody(result.response.body), schemaErrors()).toBe(true);
  return result.response;
}

function answer<T>(result: RequestCheckResult<T>): string {
  return result.ok ? "ok" : `${result.response.status} ${result.response.body.errorCode}`;
}

describe("the order of the answers", () => {
  it("says who is calling before anything about the body", () => {
    const everythingWrong = { headers: { "content-type": "text/plain" }, rawBody: "x".repeat(100) };
    expect(answer(checkFlow(post({ ...everythingWrong, claims: null })))).toBe("401 invalid_token");
    expect(answer(checkFlow(post({ ...everythingWrong, claims: { azp: "other", scope: "create:flows" } })))).toBe("401 client_not_global");
    expect(answer(checkFlow(post({ ...everythingWrong, claims: { azp: GLOBAL, scope: "read:flows" } })))).toBe("403 insufficient_scope");
    expect(answer(checkFlow(post(everythingWrong)))).toBe("415 unsupported_media_type");
    expect(answer(checkFlow(post({ rawBody: "x".repeat(100) })))).toBe("413 content_too_large");
    expect(answer(checkFlow(post({ rawBody: "{" })))).toBe("400 invalid_request");
    expect(answer(checkFlow(post({})))).toBe("ok");
  });

  it("answers another method with 405 and Allow, the one answer outside the table", () => {
    const response = refused(checkFlow(post({ method: "PUT" })));
    expect(response).toMatchObject({ status: 405, headers: { allow: "POST" }, body: { errorCode: "method_not_allowed" } });
    expect(answer(checkFlow(post({ method: "post" })))).toBe("ok");
    // Issue 23: only ASCII letters fold; "ſ".toUpperCase() is "S".
    for (const method of ["po\u017ft", "PO\u017fT", "POST ", "PO\u0053T\u0000"]) expect(answer(checkFlow(post({ method })))).toBe("405 method_not_allowed");
  });

  it("returns the typed value and the client", () => {
    expect(checkFlow(post({}))).toEqual({ ok: true, value: { name: "x" }, clientId: GLOBAL });
    expect(checkFlow.operation).toBe("post_flows");
  });
});

describe("the caller", () => {
  it("reads the client from azp, else client_id (RFC 9068), and the scopes from scope", () => {
    expect(answer(checkFlow(post({ claims: { client_id: GLOBAL, scope: "create:flows" } })))).toBe("ok");
    expect(answer(checkFlow(post({ claims: { scope: "create:flows" } })))).toBe("401 client_not_global");
    expect(answer(checkFlow(post({ claims: { azp: GLOBAL, scope: ["create:flows"] } })))).toBe("ok");
    expect(answer(checkFlow(post({ claims: { azp: GLOBAL, scope: "create:flowsx xcreate:flows" } })))).toBe("403 insufficient_scope");
    expect(answer(checkFlow(post({ claims: { azp: GLOBAL } })))).toBe("403 insufficient_scope");
  });

  it("takes a predicate for the global clients; one that throws means not global", () => {
    const byClaim = createRequestCheck("post_flows", { globalClients: (_id, claims) => claims.global === true });
    expect(answer(byClaim(post({ claims: { ...CLAIMS, global: true } })))).toBe("ok");
    expect(answer(byClaim(post({})))).toBe("401 client_not_global");
    const throwing = createRequestCheck("post_flows", {
      globalClients: () => {
        throw new Error("directory down");
      },
    });
    expect(answer(throwing(post({})))).toBe("401 client_not_global");
  });

  it("sends the RFC 6750 challenge: bare without credentials, invalid_token with them", () => {
    expect(refused(checkFlow(post({ claims: null }))).headers["www-authenticate"]).toBe("Bearer");
    const withToken = refused(checkFlow(post({ claims: null, headers: { ...JSON_TYPE, authorization: "Bearer x" } })));
    expect(withToken.headers["www-authenticate"]).toBe('Bearer error="invalid_token", error_description="Invalid token"');
    expect(refused(checkFlow(post({ claims: { azp: GLOBAL } }))).headers["www-authenticate"]).toBe('Bearer error="insufficient_scope", scope="create:flows"');
  });
});

describe("content types", () => {
  const accepted = [
    "application/json",
    "APPLICATION/JSON",
    "  application/json\t",
    "application/json;charset=UTF-8",
    'application/json; charset="utf-8"',
    "application/json ; charset=utf8 ; q=1",
    "application/json;; charset=utf-8;",
    'application/json; profile="a \\"b\\"; c"',
  ];
  const refusedTypes = [
    "text/plain",
    "application/jsonx",
    "application/json, text/plain",
    "application/json; charset=utf-16",
    "application/json; charset=iso-8859-1",
    "application/json; charset=utf-8; charset=latin1",
    "application/json; charset",
    "application/json; garbage=\"unterminated",
    "application/",
    "",
    "application/json; charset=utf-8 x",
    `application/json${"; ".repeat(300)}=`,
    `application/json; a="${"x".repeat(1100)}"`,
  ];

  it.each(accepted)("takes %j", (type) => {
    expect(answer(checkFlow(post({ headers: { "content-type": type } })))).toBe("ok");
  });

  it.each(refusedTypes)("refuses %j with 415 and Accept-Post", (type) => {
    const response = refused(checkFlow(post({ headers: { "content-type": type } })));
    expect(response.status).toBe(415);
    expect(response.headers["accept-post"]).toBe("application/json, application/x-www-form-urlencoded");
  });

  it("refuses a body without Content-Type, and a Content-Type given twice", () => {
    expect(answer(checkFlow(post({ headers: {} })))).toBe("415 unsupported_media_type");
    expect(answer(checkFlow(post({ headers: { "content-type": ["application/json", "application/json"] } })))).toBe("415 unsupported_media_type");
  });

  it("says a request without body or Content-Type has no body", () => {
    const response = refused(checkFlow(post({ headers: {}, rawBody: undefined })));
    expect(response.body.issues).toEqual([expect.objectContaining({ code: "required", path: "" })]);
  });

  it("reads a Fetch Headers and header names in any case", () => {
    expect(answer(checkFlow(post({ headers: new Headers({ "Content-Type": "application/json" }) })))).toBe("ok");
    expect(answer(checkFlow(post({ headers: { "Content-Type": "application/json" } })))).toBe("ok");
  });

  it("decodes a form body with decodeFormBody, and reports its grammar errors", () => {
    const form = { "content-type": "application/x-www-form-urlencoded" };
    expect(checkFlow(post({ headers: form, rawBody: "name=a+b" }))).toMatchObject({ ok: true, value: { name: "a b" } });
    const response = refused(checkFlow(post({ headers: form, rawBody: "name=a&name=b" })));
    expect(response.body.issues).toEqual([expect.objectContaining({ code: "repeated_field" })]);
  });

  it("takes only application/json for the PATCH of an API's permissions, and says so with Accept-Patch", () => {
    const check = createRequestCheck("patch_resource_server_scopes", { globalClients: [GLOBAL] });
    const patch = { method: "PATCH", claims: CLAIMS, rawBody: '{"scopes":[]}' };
    expect(answer(check({ ...patch, headers: JSON_TYPE }))).toBe("ok");
    const response = refused(check({ ...patch, headers: { "content-type": "application/x-www-form-urlencoded" } }));
    expect(response.headers["accept-patch"]).toBe("application/json");
  });
});

describe("the body", () => {
  it("counts the limit in bytes of UTF-8, for text and for bytes", () => {
    const fits = `{"name":"${"x".repeat(64 - 11)}"}`;
    expect(new TextEncoder().encode(fits).length).toBe(64);
    expect(answer(checkFlow(post({ rawBody: fits })))).toBe("ok");
    expect(answer(checkFlow(post({ rawBody: fits.replace("x", "é") })))).toBe("413 content_too_large");
    expect(answer(checkFlow(post({ rawBody: new TextEncoder().encode(fits) })))).toBe("ok");
    expect(answer(checkFlow(post({ rawBody: new TextEncoder().encode(`${fits} `).buffer })))).toBe("413 content_too_large");
    // A surrogate pair is 4 bytes, not 2 × 3: 13 emoji fit (63 bytes), 14 do not.
    expect(answer(checkFlow(post({ rawBody: `{"name":"${"😀".repeat(13)}"}` })))).toBe("ok");
    expect(answer(checkFlow(post({ rawBody: `{"name":"${"😀".repeat(14)}"}` })))).toBe("413 content_too_large");
  });

  it("measures a parsed body by its Content-Length, refusing one given twice; a raw body by itself", () => {
    const parsed = { rawBody: undefined, body: { name: "x" } };
    expect(answer(checkFlow(post({ ...parsed, headers: { ...JSON_TYPE, "content-length": "65" } })))).toBe("413 content_too_large");
    expect(answer(checkFlow(post({ ...parsed, headers: { ...JSON_TYPE, "content-length": "64" } })))).toBe("ok");
    const twice = refused(checkFlow(post({ ...parsed, headers: { ...JSON_TYPE, "content-length": ["12", "12"] } })));
    expect(twice.body.issues).toEqual([expect.objectContaining({ code: "repeated_field" })]);
    expect(answer(checkFlow(post({ headers: { ...JSON_TYPE, "content-length": "65" } })))).toBe("ok");
  });

  it("refuses bytes that are not UTF-8, a byte-order mark and an empty body", () => {
    const issue = (rawBody: ServiceRequest["rawBody"]) => refused(checkFlow(post({ rawBody }))).body.issues?.[0]?.code;
    expect(issue(new Uint8Array([0x7b, 0xff, 0x7d]))).toBe("invalid_encoding");
    expect(issue(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('{"name":"x"}')]))).toBe("invalid_syntax");
    expect(issue("")).toBe("invalid_syntax");
  });

  it("validates a body the framework parsed, and prefers the raw body when both are given", () => {
    expect(checkFlow(post({ rawBody: undefined, body: { name: "parsed" } }))).toMatchObject({ ok: true, value: { name: "parsed" } });
    expect(checkFlow(post({ body: { name: "parsed" } }))).toMatchObject({ ok: true, value: { name: "x" } });
    expect(answer(checkFlow(post({ rawBody: undefined, body: { name: "" } })))).toBe("400 invalid_request");
  });

  it("returns every issue by default, or the first with allErrors: false, capped by maxIssues", () => {
    const body = JSON.stringify({ name: "", a: 1, b: 2, c: 3 });
    const wide = createRequestCheck("post_flows", { globalClients: [GLOBAL] });
    expect(refused(wide(post({ rawBody: body }))).body.issues).toHaveLength(4);
    const first = createRequestCheck("post_flows", { globalClients: [GLOBAL], allErrors: false });
    expect(refused(first(post({ rawBody: body }))).body.issues).toHaveLength(1);
    const capped = createRequestCheck("post_flows", { globalClients: [GLOBAL], maxIssues: 2 });
    const response = refused(capped(post({ rawBody: body })));
    expect(response.body.issues).toHaveLength(2);
    expect(response.body.message).toMatch(/\(and 1 more\)$/);
  });
});

describe("options and hostile requests", () => {
  it("throws at start-up for an unknown operation or invalid options", () => {
    expect(() => createRequestCheck("get_userinfo" as "post_flows")).toThrow(/no request check for operation "get_userinfo"/);
    expect(() => createRequestCheck("post_oauth_token", { domain: 7 as unknown as string })).toThrow(/domain/);
    expect(() => createRequestCheck("post_flows")).toThrow(/globalClients/);
    expect(() => createRequestCheck("post_flows", { globalClients: [1 as unknown as string] })).toThrow(/globalClients/);
    expect(() => createRequestCheck("post_flows", { globalClients: [], maxBodyBytes: 0 })).toThrow(/maxBodyBytes/);
    expect(() => createRequestCheck("post_flows", { globalClients: [], allErrors: "yes" as unknown as boolean })).toThrow(/allErrors/);
  });

  it("never throws, whatever the request holds", () => {
    const throwing = new Proxy(
      {},
      {
        get() {
          throw new Error("trap");
        },
        ownKeys() {
          throw new Error("trap");
        },
      },
    );
    const hostile: unknown[] = [
      null,
      42,
      throwing,
      { ...post({}), headers: throwing },
      { ...post({}), claims: throwing },
      { ...post({}), rawBody: 12 },
      { ...post({}), headers: null },
      Object.defineProperty({ ...post({}) }, "rawBody", {
        get() {
          throw new RangeError("Maximum call stack size exceeded");
        },
      }),
    ];
    for (const request of hostile) {
      const result = checkFlow(request as ServiceRequest);
      expect(result.ok, JSON.stringify(answer(result))).toBe(false);
      refused(result);
    }
  });
});

describe("a framework's request object", () => {
  /** Fields as getters of a class, as Fastify's request and the Fetch Request define them. */
  class FrameworkRequest {
    readonly #raw: { method: string; headers: Record<string, string>; rawBody: string };
    constructor(raw: { method: string; headers: Record<string, string>; rawBody: string }) {
      this.#raw = raw;
    }
    get method() {
      return this.#raw.method;
    }
    get headers() {
      return this.#raw.headers;
    }
    get rawBody() {
      return this.#raw.rawBody;
    }
    get claims() {
      return CLAIMS;
    }
  }

  it("is read through its class's getters, as the service's own code reads it", () => {
    expect(answer(checkFlow(new FrameworkRequest({ method: "POST", headers: JSON_TYPE, rawBody: '{"name":"x"}' })))).toBe("ok");
    expect(answer(checkFlow(new FrameworkRequest({ method: "PUT", headers: JSON_TYPE, rawBody: '{"name":"x"}' })))).toBe("405 method_not_allowed");
    expect(answer(checkFlow(new FrameworkRequest({ method: "POST", headers: JSON_TYPE, rawBody: "{}" })))).toBe("400 invalid_request");
  });

  it("trusts no prototype a class does not own: claims from JSON's __proto__ authenticate no one", () => {
    const injected = JSON.parse('{"__proto__": {"claims": {"azp": "global-client", "scope": "create:flows"}}}') as object;
    const request = Object.assign({ method: "POST", headers: JSON_TYPE, rawBody: '{"name":"x"}' }, injected);
    expect(Object.getPrototypeOf(request)).not.toBe(Object.prototype);
    expect(answer(checkFlow(request as ServiceRequest))).toBe("401 invalid_token");
  });
});

describe("a polluted Object.prototype (issue 23)", () => {
  /** Runs `body` with `names` defined on Object.prototype as data properties, then removes them. */
  function polluted(values: Record<string, unknown>, body: () => void): void {
    for (const [name, value] of Object.entries(values)) Object.defineProperty(Object.prototype, name, { value, configurable: true, writable: true });
    try {
      body();
    } finally {
      for (const name of Object.keys(values)) delete (Object.prototype as Record<string, unknown>)[name];
    }
  }

  it("reads only the request's own fields: an inherited claims, rawBody or headers.get counts for nothing", () => {
    const bare = { method: "POST", headers: JSON_TYPE } as unknown as ServiceRequest;
    polluted({ claims: CLAIMS, rawBody: '{"name":"x"}' }, () => {
      expect(answer(checkFlow(bare))).toBe("401 invalid_token");
      expect(answer(checkFlow({ ...bare, claims: CLAIMS } as ServiceRequest))).toBe("400 invalid_request");
    });
    // With `get` on Object.prototype, property descriptors break, expect's among them: assert afterwards.
    let withGet = "";
    polluted({ get: () => "application/json" }, () => {
      withGet = answer(checkFlow(post({ headers: { "content-type": "text/plain" } })));
    });
    expect(withGet).toBe("415 unsupported_media_type");
  });

  it("reads only the token's own claims", () => {
    polluted({ azp: GLOBAL, scope: "create:flows" }, () => {
      expect(answer(checkFlow(post({ claims: {} })))).toBe("401 client_not_global");
    });
  });
});

describe("a parsed body that holds itself (issue 23: 45 s and 4.3 GB)", () => {
  it("answers 400 too_deep, reading each object once per depth", () => {
    let reads = 0;
    const params = { if: true, then: [] as unknown[], else: [] as unknown[] };
    const loop = Object.defineProperty({ id: "c", type: "FLOW", action: "BOOLEAN_CONDITION" }, "params", {
      enumerable: true,
      get: () => (reads++, params),
    });
    params.then.push(loop, loop);
    params.else.push(loop, loop);
    const result = checkFlow({ method: "POST", headers: JSON_TYPE, body: { name: "x", actions: [loop] }, claims: CLAIMS });
    expect(answer(result)).toBe("400 invalid_request");
    expect(refused(result).body).toMatchObject({ issues: expect.arrayContaining([expect.objectContaining({ code: "too_deep" })]) });
    expect(reads).toBeLessThanOrEqual(64 + 33);
  });
});
