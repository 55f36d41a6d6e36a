/**
 * The shape of serve's config file, as one TypeBox schema written with the spec language's builders
 * and checked by the spec's machinery (`check/shape-check.ts`): every problem at its line and column,
 * a misspelt key or value answered with "did you mean". What the served spec decides is taken from
 * it (`SpecFacts`): the grants a client may use, the management scopes it may hold, the access
 * policies and the kinds of flow they apply to. What needs more than a shape (a domain, a redirect
 * URI, self-service scopes, an error row) is checked after, in `config-file.ts`.
 */
import { Type, type Static, type TInteger, type TOptional, type TSchema } from "@sinclair/typebox";
import { closed, oneOf, text } from "../spec-language/builders.js";
import { DEFAULT_LIMITS } from "./config.js";
import { MANAGEMENT_OPERATIONS } from "./handlers/management.js";
import type { SpecFacts } from "./spec-facts.js";

const positive = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** Every key optional, each a whole number of at least 1. */
function counts<K extends string>(keys: readonly K[]) {
  return closed(Object.fromEntries(keys.map((k) => [k, Type.Optional(positive)])) as Record<K, TOptional<TInteger>>);
}

const fault = closed({
  operation: Type.Optional(oneOf(MANAGEMENT_OPERATIONS)),
  error: text,
  call: Type.Optional(positive),
  from: Type.Optional(positive),
});

export function serveConfigSchema(facts: SpecFacts) {
  const client = closed({
    id: text,
    secret: text,
    global: Type.Optional(Type.Boolean()),
    grantTypes: Type.Optional(Type.Array(oneOf(facts.grantTypes))),
    scopes: Type.Optional(Type.Array(oneOf(facts.managementScopes))),
    selfServiceScopes: Type.Optional(Type.Array(text)),
    redirectUris: Type.Optional(Type.Array(text)),
  });
  const policies = closed(Object.fromEntries(facts.policyFlows.map((flow) => [flow, Type.Optional(oneOf(facts.accessPolicies))])) as Record<string, TSchema>);
  return closed({
    domain: Type.Optional(text),
    clients: Type.Optional(Type.Array(client)),
    rateLimit: Type.Optional(counts(["limit", "windowSeconds", "tokenLimit", "anonymousLimit"])),
    accessPolicies: Type.Optional(Type.Unsafe<Readonly<Record<string, string>>>(policies)),
    tokenLifetimeSeconds: Type.Optional(positive),
    maxBodyBytes: Type.Optional(positive),
    limits: Type.Optional(counts(Object.keys(DEFAULT_LIMITS) as (keyof typeof DEFAULT_LIMITS)[])),
    signingKey: Type.Optional(text),
    faults: Type.Optional(Type.Array(fault)),
  });
}

export type ServeConfigFile = Static<ReturnType<typeof serveConfigSchema>>;
