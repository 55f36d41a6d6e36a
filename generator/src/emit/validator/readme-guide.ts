/**
 * The prose of the validator's README, around the generated tables. It documents the stable API:
 * change it only together with the runtime, and say so in the changelog.
 */

export interface GuideTables {
  /** The default safety limits, as written in prose (`100`, `100,000`). */
  readonly defaults: { readonly maxDepth: string; readonly maxIssues: string; readonly maxRepeatedIssues: string; readonly maxFields: string; readonly maxKeyDepth: string };
  readonly validators: string;
  readonly codes: string;
  readonly limits: string;
  readonly formats: string;
  readonly scopes: string;
  readonly audience: string;
  readonly refusedGrants: readonly string[];
}

const FENCE = "```";

function usage(): string {
  return `${FENCE}ts
import { validateCreateFlowRequest, assertFlowAction, ValidationError } from "@flowspec/validator";

const result = validateCreateFlowRequest(body);
if (!result.ok) {
  // result.issues[0]: { code: "unknown_action", path: "/actions/2/action", message: "…", allowed: [...] }
  return reply(400, { issues: result.issues });
}
createFlow(result.value); // typed CreateFlowRequestContent

const all = validateCreateFlowRequest(body, { allErrors: true, maxIssues: 20 });

try {
  assertFlowAction(step); // narrows \`step\` to FlowAction
} catch (error) {
  if (error instanceof ValidationError) console.error(error.issues);
}
${FENCE}`;
}

function issuesSection(t: GuideTables): string {
  return `## Results and issues

Every validator returns \`{ ok: true, value }\` (the input itself, typed; it is never copied or
changed) or \`{ ok: false, issues }\`. An issue is
\`{ code, path, message, keyword?, params?, allowed? }\`:

- \`code\`: one of the codes below; stable.
- \`path\`: the JSON Pointer (RFC 6901) of the offending value. For a missing property it is where the
  property should be (\`/actions/2/params/email\`); for an unknown property, the property itself.
- \`message\`: a sentence for people; its wording may improve in any release.
- \`keyword\`: the JSON Schema keyword that failed (\`maxLength\`, \`required\`, \`oneOf\`, …), when there is one.
- \`params\`: details (\`limit\`, \`format\`, \`type\`, \`missingProperty\`, …).
- \`allowed\`: the accepted values, for \`not_allowed\`, \`unknown_type\` and \`unknown_action\`.

By default a validator stops at the first issue. With \`{ allErrors: true }\` it collects them all, up to
\`maxIssues\` (default ${t.defaults.maxIssues}); past the cap it stops looking, in every list and map: a list of
a million bad items (or a sparse list whose \`length\` is 2^32 − 1) costs about what one of
${t.defaults.maxIssues} does.

An action object reached by several paths (shared references built in process, YAML aliases, an
action that holds itself from \`then\` and \`else\`) is checked once per run and depth (past the first
few dozen actions, which are simply checked), so the cost is linear in the distinct objects (times
\`maxDepth\`), not in the paths, in both modes. The issues are those of the same value written out as
JSON: a shared invalid action is reported at every path that reaches it, in order, up to \`maxIssues\`
(in first-error mode, at the first one), and a cycle is \`too_deep\` where it passes \`maxDepth\`. Since
written out such a value can hold 2^n paths, or infinitely many, the issues repeated from objects
already checked are capped too, by \`maxRepeatedIssues\` (default ${t.defaults.maxRepeatedIssues}): past it the run stops as at
\`maxIssues\`, so the cost stays linear whatever \`maxIssues\` is.

A flow action is dispatched on \`type\`, then \`action\`: an unknown type gives one \`unknown_type\` issue at
\`/actions/i/type\` listing the types; an unknown action gives one \`unknown_action\` issue at
\`/actions/i/action\` listing that type's actions and naming the other types that have it
(\`SEND_EMAIL\` exists under AUTH0, MAILJET, SENDGRID). A value that fits none of the alternatives of a
union is reported for the alternative its type fits (\`-1\` for "an integer of at least 0, or a string"
is \`out_of_range\`), or as one \`invalid_type\`, \`no_match\` or \`ambiguous\` issue, never one issue per
alternative.

${t.codes}`;
}

function optionsSection(t: GuideTables): string {
  return `## Options and safety limits

The second argument of every validator: \`{ allErrors?, maxIssues?, maxDepth?, domain? }\`. An option
of the wrong type, or options that throw when read, give one \`invalid_option\` issue and check nothing.

Safety limits protect the process; they are not the spec's limits, and no realistic request comes
near them. Each is overridable per call (\`maxDepth\`, \`maxIssues\`, \`maxRepeatedIssues\` for validators; \`maxFields\`,
\`maxKeyDepth\` for \`decodeFormBody\`); \`SAFETY_LIMITS\` holds the defaults.

${t.limits}

- \`maxDepth\`: how deep flow actions may nest through FLOW/BOOLEAN_CONDITION \`then\`/\`else\` (the flow's
  own actions are at depth 1). Deeper input gives one \`too_deep\` issue, checked before recursing, so
  a condition nested a million levels deep is refused after reading ${t.defaults.maxDepth} of them. A
  limit set beyond what the engine's stack allows is also reported as \`too_deep\`, and so is a call
  made when the caller's stack is nearly full: the answer is then the right one or \`too_deep\`, never
  another code.
- The validators never throw, whatever the input: cyclic objects, throwing getters, Proxies, BigInt,
  Map, null-prototype objects, sparse arrays, 10 MB strings. What cannot be read is an \`unreadable\`
  issue, with what was thrown; a getter's own \`RangeError\` is \`unreadable\` too (only the engine's
  stack overflow, recognised by its exact message, is \`too_deep\`). Only own properties count: an
  inherited \`name\` is not a name. Lengths count Unicode code points (an emoji is one character),
  deciding from \`.length\` alone whenever it can. The input is never changed, and no prototype is.
- Only the \`assertX\` functions throw, on purpose: a \`ValidationError\` whose \`issues\` holds the issues.
  (Among the helpers, \`selfServiceAudience\` throws a \`TypeError\` for a domain that is not a host name.)`;
}

function formSection(t: GuideTables): string {
  return `## decodeFormBody(text, options?)

POST /flows and POST /oauth/token also accept \`application/x-www-form-urlencoded\`. \`decodeFormBody\`
turns such a body into the value to pass to \`validateCreateFlowRequest\`, or, with
\`{ record: "TokenRequest" }\`, to \`validateTokenRequest\` (where \`authn_response\` is one field
holding its JSON text, as the operation's \`formEncoding\` says); it never throws and returns
\`{ ok, value }\` or \`{ ok: false, issues }\`. The grammar is strict, and nothing is dropped or merged
silently:

${FENCE}text
body    = "" / field *( "&" field )
field   = name "=" value                  ; both percent-encoded, "+" is a space
name    = key *( "[" segment "]" )        ; after decoding, e.g. actions[0][params][email]
key     = 1*( any character but "[" "]" )
segment = 1*( any character but "[" "]" )
${FENCE}

- Raw characters are visible ASCII other than \`&\`, \`=\`, \`%\` and \`+\`; anything else is percent-encoded,
  and the decoded bytes must be valid UTF-8 (\`invalid_encoding\`). A field without \`=\`, an empty field
  and empty brackets \`x[]\` are \`invalid_syntax\`.
- A field given twice is \`repeated_field\`; a name used both as a value and as a container, or list
  indexes with a gap, is \`conflicting_field\`. List indexes are decimal without leading zeros and must
  run from 0.
- More than \`maxFields\` fields (default ${t.defaults.maxFields}) is \`too_many_fields\`; more than
  \`maxKeyDepth\` brackets in one name (default ${t.defaults.maxKeyDepth}; \`a[b][c]\` has two) is
  \`too_deep\`, and so is a name nested deeper than the engine's stack allows. Options that cannot be
  read are \`invalid_option\`. Nothing is ever truncated.
- Values stay strings except where the schema wants a boolean or a number and does not also accept a
  string: there \`true\`/\`false\` become booleans and canonical decimal numbers (\`0\`, \`-12\`, \`1.5e3\`)
  become numbers. \`" 12 "\`, \`"0x10"\`, \`"+1"\`, \`"012"\` and \`"Infinity"\` stay strings, so the validator
  reports them where they are; an integer too large to be exact is \`out_of_range\`. Flow actions are
  typed by their own \`type\` and \`action\` fields.
- Free-form values (maps such as \`vars\`) decode as objects of strings.`;
}

function helperSection(t: GuideTables): string {
  const refused = t.refusedGrants.map((g) => `\`${g}\``).join(", ") || "none";
  return `## Helpers from the spec's rules

### checkScopes(operation, grantedScopes)

Whether a token's scopes (its space-separated \`scope\` claim, or a list) allow an operation. Returns
\`{ ok: true, operation, requiredScope }\` or, when the scope is missing, the 403 row of the spec's error
table: \`{ ok: false, operation, requiredScope, status, error, message }\`. An operation id the spec does
not define is refused (\`error: "unknown_operation"\`). Rows the error table does not list are worded like
the one it does, with the operation's scope.

${t.scopes}

### parseRateLimitHeaders(headers)

Reads \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` from a Fetch \`Headers\`, a
\`Map\` or a plain object such as Node's \`IncomingHttpHeaders\` (names in any case), or anything else with
\`get(name)\`, which is asked for each name as written, then in lower case.
Returns \`{ ok: true, value: { limit, remaining, reset } }\`, where \`reset\` is the UTC epoch second at
which the window resets, or \`{ ok: false, issues }\`: a missing header is \`required\`, a value that is
not a non-negative integer in decimal digits is \`invalid_format\` (\`" 12"\`, \`"1e3"\`, \`"0x10"\` are),
one beyond 2^53 - 1 is \`out_of_range\`, a header given twice is \`repeated_field\`.

### The account self-service rules

- The audience of the account self-service interface is \`${t.audience}\`, on the same domain (canonical
  or custom) as the authorization server the request goes to. Pass that domain as the \`domain\` option
  of \`validateAuthorizeQuery\` and \`validateTokenRequest\`: an audience meant for the interface must then
  be exactly that URL (\`not_allowed\` at \`/audience\`; scheme and host in any case). "Meant for it" is
  read the way a lenient URL parser or server would: any host, the path percent-decoded, in any case,
  with \`.\` and \`..\` resolved and doubled slashes ignored, surrounding spaces dropped, whatever the
  query or fragment. So \`https://evil.com/%6De/\`, \`…/./me/\`, \`…//me/\`, \`…/ME/\` and \`…/me/?x\` are all
  refused. Without \`domain\`, the audience must still be exactly that URL for some host name.
  \`selfServiceAudience(domain)\` builds it, and throws a \`TypeError\` unless \`domain\` is a host name
  (with an optional port). The rule is checked once the request matches its schema.
- Grants refused for that audience: ${refused}. \`validateTokenRequest\` accepts the grants the spec
  describes, told apart by \`grant_type\`; any other is one \`not_allowed\` issue at \`/grant_type\` listing
  them, which says why when the audience is the self-service one.`;
}

export function readmeGuide(t: GuideTables): string {
  return `# @flowspec/validator

Checks requests and responses of the flows management and account self-service API before they
reach the service: precompiled (no code is evaluated, so it runs under
\`node --disallow-code-generation-from-strings\` and a strict Content-Security-Policy), with no runtime
dependencies, as an ES module and a CommonJS module with TypeScript declarations.

${usage()}

## Validators

${t.validators}

- \`validateX(input, options?)\` returns \`{ ok: true, value }\` or \`{ ok: false, issues }\`; it is also a
  [Standard Schema](https://standardschema.dev) v1 object (\`validateX["~standard"]\`, vendor
  \`flowspec\`), so it plugs into any library that accepts one. Standard Schema paths list keys, with list
  positions as numbers.
- \`isX(value)\` is a type guard (first issue, default limits).
- \`assertX(value, options?)\` throws a \`ValidationError\` carrying \`issues\` unless the value is valid.
- \`validateTokenRequest\` dispatches on \`grant_type\` to the grants the spec describes.
- The value types (\`CreateFlowRequestContent\`, \`FlowAction\`, …) are exported as types too.

${issuesSection(t)}

${optionsSection(t)}

## Formats

Formats are checked only where the spec puts them (flow params are often templates such as
\`{{fields.email}}\`). \`date\` and \`date-time\` follow RFC 3339 exactly, with calendar checks (leap years,
and second 60 only at 23:59:60 UTC). Pattern formats (and any \`pattern\` in a schema) were compiled,
when the package was generated, into code that reads each character once, a loop or a deterministic
automaton: checking a string takes time linear in its length, and no regular expression runs on it.
The spec admits only patterns that run in linear time on backtracking engines as well, so the same
patterns in \`@flowspec/schema\` are safe with Ajv or \`RegExp\`.

${t.formats}

${formSection(t)}

${helperSection(t)}

## Stability

The names and signatures above, the issue codes and the meaning of \`path\` follow semantic versioning
with the spec's version. Messages may be reworded in any release.
`;
}
