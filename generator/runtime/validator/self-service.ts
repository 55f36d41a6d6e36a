/**
 * The cross-field rules of the account self-service interface (spec/authentication.yaml, rules 6, 7
 * and 12): its audience is `https://{domain}/me/` on the same domain as the authorization server
 * the request goes to, and the client credentials grant cannot obtain a token for it.
 *
 * Two questions, answered differently on purpose:
 *
 * - Is an audience meant for the interface? Generously, as a lenient URL parser or server would read
 *   it: surrounding spaces and embedded tabs or newlines dropped, `\` as `/`, any number of slashes
 *   after the scheme, the path percent-decoded (or not), lower-cased, with `.` and `..` segments
 *   resolved (empty segments counting, or not) and `;…` parts of segments ignored; and, loosest,
 *   with UTF-8 decoded, overlong forms read (`%C0%AE` as `.`) or dropped, compatibility forms folded (NFKC:
 *   full-width `ｍｅ`), and controls and spaces dropped (`me%00`, `me%20`, a tab segment).
 *   `https://evil.com/%6De/`, `…/./me/`, `…//me/`, `…/me//..`, `…/ME/`, `…/me/?x`, `…/%C0%AEme/`
 *   and `…/me%C0%AF` are all meant for it.
 * - Is it the interface's audience? Strictly: exactly `https://{domain}/me/` (scheme and host in any
 *   case), nothing before or after, no user, query or fragment.
 *
 * An audience meant for the interface that is not exactly its audience is refused, so no spelling a
 * server might read as `/me/` gets through.
 */
import type { RawError } from "./context.js";
import { isObjectLike, ownValue } from "./own.js";
import { isHostName } from "./limits.js";

export interface SelfServiceRules {
  /** The audience with `{domain}` in it, e.g. `https://{domain}/me/`. */
  readonly audience: string;
  /** Grants refused for this audience, e.g. `client_credentials`. */
  readonly refusedGrants: readonly string[];
}

const PLACEHOLDER = "{domain}";

/** `https://{domain}/me/` → the audience for one domain (a host name, checked by the caller). */
function audienceFor(rules: SelfServiceRules, domain: string): string {
  return rules.audience.replace(PLACEHOLDER, domain);
}

/** selfServiceAudience(domain): the audience, or a TypeError when `domain` is not a host name. */
export function selfServiceAudienceFor(rules: SelfServiceRules, domain: unknown): string {
  if (typeof domain !== "string" || !isHostName(domain)) {
    throw new TypeError("selfServiceAudience: the domain must be a host name such as login.example.com (no scheme, path or user)");
  }
  return audienceFor(rules, domain.toLowerCase());
}

/** The template's scheme (`https`) and path (`/me/`). */
function templateParts(rules: SelfServiceRules): { readonly scheme: string; readonly path: string } {
  const [scheme, rest] = rules.audience.split(`://${PLACEHOLDER}`);
  return { scheme: (scheme ?? "").toLowerCase(), path: rest ?? "/" };
}

const MAX_DECODING_PASSES = 4;

/** Percent-decoding, repeated while it changes something (`%256D` → `%6D` → `m`); bad escapes stay. */
function decoded(path: string): string {
  let text = path;
  for (let pass = 0; pass < MAX_DECODING_PASSES && text.includes("%"); pass++) {
    const next = text.replace(/%[0-9A-Fa-f]{2}/g, (escape) => String.fromCharCode(parseInt(escape.slice(1), 16)));
    if (next === text) break;
    text = next;
  }
  return text;
}

/** Two- and three-byte UTF-8 sequences (as the code units `decoded` leaves), overlong forms included. */
const UTF8_SEQUENCE = /[\xC0-\xDF][\x80-\xBF]|[\xE0-\xEF][\x80-\xBF]{2}/g;

function utf8Char(sequence: string): string {
  let code = sequence.charCodeAt(0) & (sequence.length === 2 ? 0x1f : 0x0f);
  for (let i = 1; i < sequence.length; i++) code = (code << 6) | (sequence.charCodeAt(i) & 0x3f);
  return String.fromCharCode(code);
}

/**
 * The loosest readings of a decoded path: UTF-8 decoded with overlong forms read (`%C0%AE` as `.`)
 * or dropped (as a strict decoder does), then NFKC, without controls and spaces.
 */
function loosest(path: string): string[] {
  return [path, path.replace(/[\xC0\xC1][\x80-\xBF]/g, "")].map((text) => text.replace(UTF8_SEQUENCE, utf8Char).normalize("NFKC").replace(/[\x00-\x20\x7f]/g, ""));
}

/**
 * A path's segments after `.` and `..` are resolved, ignoring empty segments: `/a/./b/../%6De//` →
 * ["a", "me"]. Servers differ in whether `//` is one empty segment (RFC 3986, WHATWG: `/me//..` is
 * `/me/`) or nothing (`/me//..` is `/`), in whether they decode first, and in how loosely they read
 * the result: every combination counts.
 */
function resolvedPaths(path: string): string[] {
  const forms: string[] = [];
  const decodedPath = decoded(path);
  for (const text of [path, decodedPath, ...loosest(decodedPath)]) {
    const raw = text.toLowerCase().split("/").map((segment) => segment.split(";")[0]!);
    for (const segments of [raw, raw.filter((segment) => segment !== "")]) {
      const out: string[] = [];
      for (const segment of segments) {
        if (segment === ".") continue;
        if (segment === "..") out.pop();
        else out.push(segment);
      }
      forms.push(out.filter((segment) => segment !== "").join("/"));
    }
  }
  return forms;
}

/** Without leading and trailing controls and spaces, as WHATWG URL parsers read it (a loop: linear). */
function trimmed(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= 0x20) start++;
  while (end > start && text.charCodeAt(end - 1) <= 0x20) end--;
  return text.slice(start, end);
}

/** The host and path of an absolute URL read leniently, or null when it is not one. */
function lenientUrl(text: string): { readonly host: string; readonly path: string } | null {
  // What WHATWG URL parsers drop or rewrite before reading a URL.
  const cleaned = trimmed(text).replace(/[\t\n\r]/g, "").replace(/\\/g, "/");
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/*/.exec(cleaned);
  if (scheme === null) return null;
  const rest = cleaned.slice(scheme[0].length);
  const hostEnd = rest.search(/[/?#]/);
  const host = hostEnd < 0 ? rest : rest.slice(0, hostEnd);
  const afterHost = hostEnd < 0 ? "" : rest.slice(hostEnd);
  const pathEnd = afterHost.search(/[?#]/);
  return { host, path: pathEnd < 0 ? afterHost : afterHost.slice(0, pathEnd) };
}

/** True for any URL a lenient reader would take for the interface's (see the file comment). */
export function isSelfServiceAudience(rules: SelfServiceRules, audience: string): boolean {
  const url = lenientUrl(audience);
  if (url === null) return false;
  const wanted = resolvedPaths(templateParts(rules).path)[0];
  return resolvedPaths(url.path).includes(wanted!);
}

/** The host of an audience that is exactly the template with some host name, or null. */
function exactHost(rules: SelfServiceRules, audience: string): string | null {
  const { scheme, path } = templateParts(rules);
  const prefix = `${scheme}://`;
  if (audience.slice(0, prefix.length).toLowerCase() !== prefix || !audience.endsWith(path)) return null;
  const host = audience.slice(prefix.length, audience.length - path.length);
  return isHostName(host) ? host.toLowerCase() : null;
}

/**
 * The audience of a request: when it is meant for the interface, it must be exactly
 * `https://{domain}/me/`, with the endpoint's domain when the caller gives it.
 */
function checkAudience(rules: SelfServiceRules, value: unknown, domain: string | undefined): RawError[] | null {
  if (!isObjectLike(value)) return null;
  const audience = ownValue(value, "audience");
  if (typeof audience !== "string" || !isSelfServiceAudience(rules, audience)) return null;
  const host = exactHost(rules, audience);
  if (host !== null && (domain === undefined || host === domain)) return null;
  const lenientHost = lenientUrl(audience)?.host;
  const guessed = lenientHost !== undefined && isHostName(lenientHost) ? lenientHost.toLowerCase() : PLACEHOLDER;
  const expected = audienceFor(rules, domain ?? host ?? guessed);
  return [{ instancePath: "/audience", keyword: "selfServiceAudience", params: { expected, domain: domain ?? null } }];
}

/** A refused grant asked for the self-service audience: one issue at `/grant_type`. */
function checkRefusedGrant(rules: SelfServiceRules, value: unknown, allowed: readonly string[]): RawError[] | null {
  if (!isObjectLike(value)) return null;
  const grant = ownValue(value, "grant_type");
  const audience = ownValue(value, "audience");
  if (typeof grant !== "string" || !rules.refusedGrants.includes(grant)) return null;
  if (typeof audience !== "string" || !isSelfServiceAudience(rules, audience)) return null;
  return [{ instancePath: "/grant_type", keyword: "refusedGrant", params: { grant, allowed } }];
}

/** The audience rule as a cross-field check of a validator. */
export function audienceRule(rules: SelfServiceRules): (input: unknown, options: { readonly domain: string | undefined }) => RawError[] | null {
  return (input, options) => checkAudience(rules, input, options.domain);
}

/** The refused-grant rule as a check run before a token request is dispatched by `grant_type`. */
export function refusedGrantRule(rules: SelfServiceRules, allowed: readonly string[]): (input: unknown) => RawError[] | null {
  return (input) => checkRefusedGrant(rules, input, allowed);
}
