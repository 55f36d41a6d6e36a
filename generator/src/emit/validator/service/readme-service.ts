/**
 * The validator README's section for services: the request check, the error responses and the
 * authentication-rule helpers. Its tables (operations, error rows, rules) come from the same data as
 * the code, so the README cannot describe another table than the one the package answers with.
 */
import type { SpecIR } from "../../../ir/model.js";
import { DEFAULT_MAX_BODY_BYTES } from "../../../../runtime/validator/service/request-check.js";
import type { ApiPlan } from "../api-plan.js";
import type { FormShapesData } from "../form-shapes.js";
import { cell } from "../../markdown.js";
import { selfServiceRules, serviceOperations } from "./service-tables.js";

const FENCE = "```";

function operationTable(ir: SpecIR, plan: ApiPlan, forms: FormShapesData): string {
  const rows = serviceOperations(ir, plan, forms).flatMap((o) =>
    Object.values(o.data.errors).map((e) => `| \`${o.data.id}\` | ${e.status} | \`${e.code}\` | ${cell(e.message)} |`),
  );
  return ["| operation | status | errorCode | message |", "| --- | --- | --- | --- |", ...rows].join("\n");
}

function ruleTable(ir: SpecIR): string {
  const helpers: Record<string, string> = {
    global_client: "`isGlobalClient`, and every request check (option `globalClients`)",
    operation_scopes: "every request check (403 naming the scope)",
    signature: "`errorResponse(operation, \"invalid_signature\")` when the JWT library refuses the signature",
    token_flows: "`checkSelfServiceScopes`, `selfServiceAudience`, `pkceChallenge`, `checkPkce`",
    grant_not_allowed: "`checkTokenGrant`, `accessPolicyScopes`, `validateTokenRequest`",
    default_policies: "`DEFAULT_ACCESS_POLICIES`, `accessPolicyScopes`",
    discouraged_policy: "`accessPolicyScopes` (`discouraged`)",
    granted_permissions: "`grantedScopes`",
    same_domain: "`checkSameDomain`, the `domain` option of the validators",
  };
  const rows = ir.authRules.map((r) => `| ${r.seed} | \`${r.id}\` | ${helpers[r.kind] ?? "documentation only (`AUTH_RULES`)"} |`);
  return ["| rule | id | where the package applies it |", "| --- | --- | --- |", ...rows].join("\n");
}

function usage(): string {
  return `${FENCE}ts
import { createRequestCheck, errorResponse } from "@flowspec/validator/service";

const checkCreateFlow = createRequestCheck("post_flows", { globalClients: ["<global client id>"] });

// In a handler, once the JWT library has verified the bearer token (claims: null when there is none):
const result = checkCreateFlow({ method: req.method, headers: req.headers, rawBody, claims });
if (!result.ok) return send(result.response.status, result.response.headers, result.response.body);
createFlow(result.value); // typed CreateFlowRequestContent

// A signature the JWT library refused: the table's 401 row for it.
const { status, headers, body } = errorResponse("post_flows", "invalid_signature");
${FENCE}`;
}

export function serviceReadme(ir: SpecIR, plan: ApiPlan, forms: FormShapesData): string {
  const rules = selfServiceRules(ir);
  return `## Services: from an HTTP request to a typed value

The service helpers have their own entry, \`@flowspec/validator/service\`, so that an application
that only validates (in a browser, say) never loads them; everything in this section is imported from
there, and the service entry uses the main entry's validators (one copy of each in a service).

A service that implements an operation checks each request with \`createRequestCheck(operation,
options)\`. The check takes the method, the headers, the raw body (a string, a \`Uint8Array\` or an
\`ArrayBuffer\`, read as UTF-8) or a body the framework already parsed as JSON (\`body\`), and the
claims of the token the service verified (\`null\` when there is none). It answers
\`{ ok: true, value, clientId }\` or \`{ ok: false, response }\`, where \`response\` is
\`{ status, headers, body }\`, ready to send. It never throws; \`createRequestCheck\` itself throws a
\`TypeError\` at start-up for an unknown operation or invalid options.

${usage()}

It answers in this order, so nothing about the body is revealed to a caller who may not send it:

1. 401 \`invalid_token\` when there are no claims (with \`WWW-Authenticate: Bearer\`, RFC 6750).
2. 401 \`client_not_global\` when the token's client (\`azp\`, else \`client_id\`) is not global. The spec
   cannot know which clients are global: the option \`globalClients\` says, as a list of client ids or
   a predicate \`(clientId, claims) => boolean\` (one that throws counts as "not global"). It is
   required for the management operations.
3. 403 \`insufficient_scope\` when the token's \`scope\` lacks the operation's scope; the message names it.
4. 415 \`unsupported_media_type\` unless \`Content-Type\` is one the operation takes, parsed by RFC 9110's
   grammar (case-insensitive, parameters allowed) with no \`charset\` or a UTF-8 one. \`Accept-Post\` or
   \`Accept-Patch\` lists the types.
5. 413 \`content_too_large\` past \`maxBodyBytes\` (default ${String(DEFAULT_MAX_BODY_BYTES).replace(/\B(?=(\d{3})+$)/g, ",")}) bytes: a raw body's own UTF-8
   bytes, or a parsed body's \`Content-Length\` (given twice, it is a 400).
6. 400 \`invalid_request\` when the body is not UTF-8, not JSON, not a valid form body
   (\`decodeFormBody\`, for \`application/x-www-form-urlencoded\`) or not valid: \`issues\` holds every
   issue (option \`allErrors\`, default true, capped by \`maxIssues\`).

At the authorization server (\`post_oauth_token\`, \`post_passkey_challenge\`, \`get_authorize\`) there is
no token, so steps 1 to 3 do not apply; \`get_authorize\` reads the query (\`query\`, or \`url\`; a
parameter given twice is a 400). The answers there have OAuth 2.0's body, \`{ error,
error_description }\` plus \`issues\` on a 400 (RFC 6749 §5.2; the record \`OAuthErrorResponse\`), with
\`Cache-Control: no-store\`. A \`grant_type\` the spec does not describe is \`unsupported_grant_type\`; the
client-credentials grant for the self-service audience is refused with the row authentication rule 7
names (403 \`unauthorized_client\`). Pass \`domain\` (the host the request was sent to) so a
self-service audience on another domain is refused (rule 12). \`clientId\` is then the body's
\`client_id\`. Client authentication (a secret, an assertion) is the service's to verify; answer a
failure with \`errorResponse("post_oauth_token", "invalid_client", { detail })\`.

A request with another method than the operation's gets 405 with \`Allow\`, the one answer that is not
in the table: it means the service routed the request wrongly. Headers of the operation other than
\`Content-Type\` and \`Content-Length\` are not checked: the service verifies the token, and
\`cache-control\` is advice to caches.

### Error responses

A management operation's error body has the vendor's public shape, \`{ statusCode, error, message, errorCode }\`, plus
\`issues\` on a 400 (the record \`ErrorResponseContent\`, with the decision and its source). \`error\` is
the status's reason phrase (RFC 9110); \`errorCode\` and \`message\` come from the spec's error table
(one row per code, its message worded with the operation's scope or content types); a 400's message
adds the first issue. \`errorResponse(operation, errorCode, { issues?, headers?, detail? })\`
builds any row, e.g. \`invalid_signature\` when the JWT library refuses a signature, or
\`too_many_requests\` with the \`X-RateLimit-*\` headers.

${operationTable(ir, plan, forms)}

### The authentication rules

\`AUTH_RULES\` exports the rules of the spec as data. Each helper reads them; none restates them.

${ruleTable(ir)}

- \`accessPolicyScopes({ flow, policy?, requested, clientGrant? })\`: what an application may request.
  Without \`policy\`, the default once the interface is activated (\`DEFAULT_ACCESS_POLICIES\`:
  ${Object.entries(rules.defaultPolicies).map(([flow, policy]) => `${flow} ${policy}`).join(", ")}). A client grant caps the
  scopes under \`require_client_grant\`; \`allow_all\` allows any and says it is discouraged; \`deny_all\`
  refuses; the policy of client flows cannot be changed.
- \`grantedScopes({ policy, permissions, consent })\`: the intersection, and what each part withheld.
- \`checkSameDomain({ authorize?, token, audience, call })\`: one host for every step.
- \`pkceChallenge(verifier)\` and \`checkPkce({ verifier, challenge, method? })\` are async: they hash
  with WebCrypto (\`crypto.subtle\`), which Node 20 and browsers have.
- \`checkSelfServiceScopes(scopes)\`: scopes for \`${rules.audience}\` have the form \`${rules.scopeForm}\`
  (\`*\` is one segment), besides the OpenID Connect ones (\`openid\`, \`offline_access\`, …).

### Replacing an API's permissions

PATCH /resource-servers/{api_id} replaces the whole list: a permission left out is deleted.
\`planScopeReplacement(current, next)\` says what the call keeps, adds, removes and re-describes
before it is sent. A permission is its \`value\`; the vendor's definition does not make values unique,
so a list that repeats a value still defines one permission: the plan counts it once (first
description) and lists it in \`duplicates\`, \`conflicting\` when the descriptions differ.

### Standard Schema

\`validateX["~standard"].validate\` reports every issue (all-errors mode, capped at \`maxIssues\`), so a
form library or a framework's validator middleware shows each mistake at once.`;
}
