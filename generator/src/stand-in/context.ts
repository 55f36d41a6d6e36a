/**
 * Everything a handler needs, made once at start: the config, the served validator, the token
 * issuer, the rate limiter and the state.
 */
import type { ClientConfig, ServeConfig } from "./config.js";
import type { OpenApiDocument } from "./served-packages.js";
import type { ValidatorPackage } from "../payload/validator-module.js";
import type { RateLimiter } from "./rate-limiter.js";
import type { Scenario } from "../../runtime/fixtures/faults.js";
import type { CreatedFlows, OneUseStore, ResourceServers } from "./state.js";
import type { TokenIssuer } from "./tokens.js";
import type { Exchange } from "./exchange.js";
import type { SpecFacts } from "./spec-facts.js";

/** What /authorize decided, redeemed once by the code exchange. */
export interface CodeGrant {
  readonly clientId: string;
  readonly redirectUri: string;
  readonly audience: string;
  readonly scopes: readonly string[];
  readonly codeChallenge?: string;
  readonly codeChallengeMethod?: string;
  readonly nonce?: string;
}

/** A passkey challenge, redeemed once by the WebAuthn grant. */
export interface PasskeySession {
  readonly clientId: string;
  readonly challenge: string;
  readonly realm?: string;
}

export interface ServeContext {
  readonly config: ServeConfig;
  readonly validator: ValidatorPackage;
  readonly openApi: OpenApiDocument;
  /** What the served spec decides: grants, paths, scopes, the management audience, access policies (spec-facts.ts). */
  readonly facts: SpecFacts;
  readonly tokens: TokenIssuer;
  /** Management requests per authenticated client. */
  readonly limiter: RateLimiter;
  /** Token requests per authenticated client, counted apart as the vendor counts them. */
  readonly tokenLimiter: RateLimiter;
  /** Requests from callers that have not authenticated, per address. */
  readonly anonymousLimiter: RateLimiter;
  readonly clients: ReadonlyMap<string, ClientConfig>;
  readonly resourceServers: ResourceServers;
  readonly flows: CreatedFlows;
  /** The config's faults, counting the calls of each management operation. */
  readonly scenario: Scenario;
  readonly codes: OneUseStore<CodeGrant>;
  readonly passkeySessions: OneUseStore<PasskeySession>;
  /** The audiences the stand-in issues tokens for. */
  readonly audiences: { readonly management: string; readonly selfService: string };
  /** Where the stand-in listens, e.g. `http://127.0.0.1:4010`. */
  readonly baseUrl: () => string;
}

export type Handler = (ex: Exchange) => Promise<void>;
