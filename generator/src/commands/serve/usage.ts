/**
 * `flowspec serve --help`: the command and the shape of its config file, in one place, so the help
 * and the README say the same thing. It loads no spec: where the served spec decides (grants,
 * scopes, access policies), the help says where the values come from instead of listing them.
 */
import { DEFAULT_CONFIG } from "../../stand-in/config.js";

export const SERVE_USAGE = `usage: flowspec serve [--port 4010] [--host 127.0.0.1] [--config FILE] [--rate-limit N] [--spec DIR] [--out DIR]

  a local stand-in for the API, answering as a service built on the generated validator does
  --port N         where to listen (default 4010; 0 picks a free port)
  --host ADDR      the interface to listen on (default 127.0.0.1)
  --config FILE    a YAML file that replaces the default clients (see --help)
  --rate-limit N   requests per window (default ${DEFAULT_CONFIG.rateLimit.limit} per ${DEFAULT_CONFIG.rateLimit.windowSeconds} s), each count apart:
                   management and token requests per authenticated client, the rest per address
  --spec DIR, --out DIR  the spec and the generated packages it serves (defaults: spec, packages)
  stops cleanly on SIGINT (Ctrl-C) and SIGTERM

a management token: serve prints at start the request that gets one, with the served spec's client-credentials
grant, token path and management audience on {domain}; for the spec flowspec ships with:
  curl -s http://127.0.0.1:4010/oauth/token -d grant_type=client_credentials \\
    -d client_id=flowspec-admin -d client_secret=flowspec-admin-secret -d audience=https://${DEFAULT_CONFIG.domain}/api/v2/
  then: Authorization: Bearer <access_token> on POST /api/v2/flows and PATCH /api/v2/resource-servers/{api_id}

state: created flows and each API's scopes are kept while it runs and read back with the same token:
  GET /api/v2/flows/{id}, GET /api/v2/resource-servers/{api_id} (404 until created)

faults: any row of a management operation's error table, on demand
  a header:  Prefer: error=too_many_requests   (or invalid_token, client_not_global, insufficient_scope, …)
  a scenario: "faults" in the config file (below): the third call gets 429, every call from the second on has an expired token

CORS: every answer allows the caller's Origin and exposes the rate-limit headers; preflights are answered
log: one line per request on stdout: method path status client error-code (with the first issue's code on a 400)`;

export const CONFIG_HELP = `config file (YAML; every key optional; "clients" replaces the default clients: flowspec-admin, global, with
the served spec's client-credentials grant and every management scope its operations require, and
flowspec-app, not global, with every grant of its token request and the first of those scopes):

  domain: ${DEFAULT_CONFIG.domain}        # the tenant domain played: issuer https://{domain}/, audiences on it
  rateLimit:                          # counted apart; 429 with Retry-After past each
    limit: ${DEFAULT_CONFIG.rateLimit.limit}                       # management requests per authenticated client per window
    windowSeconds: ${DEFAULT_CONFIG.rateLimit.windowSeconds}
    tokenLimit: ${DEFAULT_CONFIG.rateLimit.tokenLimit}                  # token requests per authenticated client (default: limit)
    anonymousLimit: ${DEFAULT_CONFIG.rateLimit.anonymousLimit}              # requests per address not (yet) authenticated (default: limit)
  limits:                             # what the stand-in holds at most
    maxConnections: ${DEFAULT_CONFIG.limits.maxConnections}              # more are refused at once
    maxHeaderBytes: ${DEFAULT_CONFIG.limits.maxHeaderBytes}             # request line and headers; past it, 431
    headersTimeoutMs: ${DEFAULT_CONFIG.limits.headersTimeoutMs}           # for the headers to arrive; a silent connection is closed after as long
    requestTimeoutMs: ${DEFAULT_CONFIG.limits.requestTimeoutMs}           # for the whole request
    idleTimeoutMs: ${DEFAULT_CONFIG.limits.idleTimeoutMs}               # an idle keep-alive connection is closed
    maxStoredApis: ${DEFAULT_CONFIG.limits.maxStoredApis}               # permission lists kept (least recently replaced dropped)
    maxStoredScopes: ${DEFAULT_CONFIG.limits.maxStoredScopes}           # permissions kept in all
    maxStoredFlows: ${DEFAULT_CONFIG.limits.maxStoredFlows}             # created flows kept for reading back (oldest dropped)
    maxPending: ${DEFAULT_CONFIG.limits.maxPending}                 # codes and passkey sessions waiting, each
  accessPolicies: {user_flows: allow_all}   # a policy the spec's rules name; default: the spec's (rule 8); client_flows cannot change (rule 7)
  tokenLifetimeSeconds: ${DEFAULT_CONFIG.tokenLifetimeSeconds}
  maxBodyBytes: ${DEFAULT_CONFIG.maxBodyBytes}
  signingKey: key.pem                 # PKCS#8 PEM or private JWK (RSA), relative to the config file; default: a new key per start
  clients:
    - id: flowspec-admin
      secret: flowspec-admin-secret
      global: true                    # may call the management API (rule 3)
      grantTypes: [client_credentials]   # any grant_type of the spec's TokenRequest; default: its client-credentials grant
      scopes: [create:flows]          # management scopes it may obtain, of those the spec's operations require
      selfServiceScopes: [create:me:authentication_methods]   # its client grant for https://{domain}/me/, in the form of the spec's rule 6
      redirectUris: [http://localhost/callback]   # loopback URIs match any port
  faults:                             # a scenario: calls that answer with a row of the error table
    - {operation: post_flows, call: 3, error: too_many_requests}   # the third POST /api/v2/flows gets 429
    - {operation: patch_resource_server_scopes, from: 2, error: invalid_token}   # the token "expires" at the second PATCH
    - {call: 5, error: invalid_signature}   # no operation: the fifth management call of any kind`;
