/**
 * Where a check's code stands, and the statements every check ends in. A generated check is a
 * function `(v, c) => number`: it pushes the errors it finds onto `c.e`, each with a path relative to
 * `v`, and returns how many; `n` is its running count. After an error it returns at once unless all
 * errors are wanted (`c.a`), and inside a loop also once the run holds `c.m` errors, so that a
 * million bad items cost what a hundred do.
 */

export interface Site {
  /** A JavaScript expression (a local name) holding the value to check. */
  readonly value: string;
  /** A JavaScript expression for the value's path relative to the function's value (`""`, `"/name"`, `"/" + i`). */
  readonly path: string;
  /** After a failure: return when this holds. */
  readonly stop: string;
  /** The name a function declared to check this value gets, if it is the first of its shape. */
  readonly name: string;
}

/** Outside loops: stop at the first error unless all are wanted. */
export const STOP = "!c.a";
/** Inside loops over the input: also stop once enough errors are found. */
export const LOOP_STOP = "!c.a || c.e.length >= c.m";

export const literal = (value: unknown): string => JSON.stringify(value);

/** The segment of a property, as a JSON Pointer (RFC 6901) literal. */
export function propertyPath(name: string): string {
  return literal(`/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`);
}

/** One error at the site, then stop or go on. */
export function fail(site: Site, keyword: string, params: string): string {
  return `if (n += reportError(c, ${site.path}, ${literal(keyword)}, ${params}), ${site.stop}) return n;`;
}

/** A call of a generated check on the site's value; its errors get the site's path in front. */
export function call(site: Site, check: string): string {
  return callExpression(site, `${check}(${site.value}, c)`);
}

/** The same for any expression that returns a check's error count. */
export function callExpression(site: Site, expression: string): string {
  const add = site.path === '""' ? "n += r" : `n += prefixLast(c, r, ${site.path})`;
  return `if ((r = ${expression}) !== 0 && (${add}, ${site.stop})) return n;`;
}

/** `{ type: "string" }` */
export function typeParams(type: string): string {
  return `{ type: ${literal(type)} }`;
}

/**
 * The built-ins are spelt out in full (`Object.prototype.hasOwnProperty.call`, `Array.isArray`), not
 * read from module variables: V8 then knows them when it optimizes, and answers the own-key test
 * inside `for (const k in v)` from the object's shape instead of calling hasOwnProperty. (Outside
 * such a loop a shorter alias, `hasOwn`, costs the same.)
 */

/** The test that a value is a JSON object (not null, not an array). */
export function isObjectTest(value: string): string {
  return `typeof ${value} === "object" && ${value} !== null && !Array.isArray(${value})`;
}

/**
 * After the key pass: a declared property the pass did not see may still be an own property that is
 * not enumerable. A named load that finds nothing costs next to nothing; only a value found is then
 * checked to be the object's own (`hasOwn`, bound once: outside a key loop nothing is lost by it).
 */
export function ownFallback(local: string, name: string): string {
  return `if (${local} === undefined && (t = v${propertyAccess(name)}) !== undefined && hasOwn.call(v, ${literal(name)})) ${local} = t;`;
}

/** `.name` when the name is an identifier, else `["name"]`. */
export function propertyAccess(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `.${name}` : `[${literal(name)}]`;
}

/** A JavaScript identifier made from a spec name. */
export function identifier(name: string): string {
  return name.replace(/[^A-Za-z0-9_$]/g, "_");
}
