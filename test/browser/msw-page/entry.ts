/**
 * The MSW page's module: the management handlers of @flowspec/fixtures/msw in a service worker
 * (`msw/browser`), tokens verified by jose with the key the test hands over, and the shared HTTP
 * cases the test sends, run with the browser's own fetch. Leaves what each answer was in
 * `globalThis.flowspecReport` for the test to read.
 */
import { managementHandlers } from "@flowspec/fixtures/msw";
import { errors, importJWK, jwtVerify, type JWK } from "jose";
import { setupWorker } from "msw/browser";

/** One request of a case, as the test serialises it. */
export interface PageStep {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface PageSetup {
  readonly jwk: JWK;
  readonly issuer: string;
  readonly audience: string;
  readonly globalClients: readonly string[];
  readonly maxBodyBytes: number;
  readonly cases: readonly (readonly PageStep[])[];
}

export type PageReport = { readonly answers: readonly (readonly { readonly status: number; readonly errorCode: unknown }[])[] } | { readonly error: string };

const page = globalThis as unknown as { location: { readonly origin: string }; flowspecReport?: PageReport };

async function main(): Promise<PageReport> {
  const setup = (await (await fetch("./setup.json")).json()) as PageSetup;
  const key = await importJWK(setup.jwk, "RS256");
  const api = managementHandlers({
    baseUrl: page.location.origin,
    globalClients: setup.globalClients,
    maxBodyBytes: setup.maxBodyBytes,
    verifyToken: async (authorization) => {
      const token = /^Bearer (\S+)$/.exec(authorization ?? "")?.[1];
      if (token === undefined) return { claims: null, refused: "invalid_token" };
      try {
        return { claims: (await jwtVerify(token, key, { issuer: setup.issuer, audience: setup.audience })).payload };
      } catch (error) {
        return { claims: null, refused: error instanceof errors.JWSSignatureVerificationFailed ? "invalid_signature" : "invalid_token" };
      }
    },
  });
  await setupWorker(...api.handlers).start({ serviceWorker: { url: "/mockServiceWorker.js" }, quiet: true, onUnhandledRequest: "bypass" });
  const answers = [];
  for (const steps of setup.cases) {
    const caseAnswers = [];
    for (const step of steps) {
      const response = await fetch(step.path, { method: step.method, headers: step.headers, ...(step.body !== undefined && { body: step.body }) });
      const text = await response.text();
      caseAnswers.push({ status: response.status, errorCode: text === "" ? undefined : (JSON.parse(text) as { errorCode?: unknown }).errorCode });
    }
    answers.push(caseAnswers);
  }
  return { answers };
}

main().then(
  (report) => (page.flowspecReport = report),
  (error: unknown) => (page.flowspecReport = { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
);
