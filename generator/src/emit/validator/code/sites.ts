/**
 * Where a check's code stands, and the statements every check ends in. A generated check is a
 * function `(v, c) => number`: it pushes the errors it finds onto `c.e`, each with a path relative to
 * `v`, and returns how many; `n` is its running count. After an error it returns at once unless all
 * errors are wanted (`c.a`), and inside a loop, or after a property that can hold flow actions, also
 * once the run holds `c.m` errors: a million bad items cost what a hundred do, and an object whose
 * `then` and `else` hold the same shared subtree is not walked again once the cap is reached.
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
/** Inside loops over the input, and after properties that can hold actions: also stop once enough errors are found. */
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

/**
 * The required flags of an object's properties as `keyErrors` reads them (object-keys.ts): a number
 * with bit i set when property i is required, or the list of flags past 30 properties.
 */
export function requiredFlags(flags: readonly boolean[]): string {
  return flags.length <= 30 ? String(flags.reduce((mask, required, i) => (required ? mask | (1 << i) : mask), 0)) : literal(flags);
}

/** `{ type: "string" }` */
export function typeParams(type: string): string {
  return `{ type: ${literal(type)} }`;
}

/**
 * The built-ins are spelt out in full (`Object.prototype.hasOwnProperty.call`, `Array.isArray`), not
 * read from module variables: V8 then knows them when it optimizes, and answers the own-key test
 * inside `for (k in v)` from the object's shape instead of calling hasOwnProperty.
 */

/** The test that a value is a JSON object (not null, not an array). */
export function isObjectTest(value: string): string {
  return `typeof ${value} === "object" && ${value} !== null && !Array.isArray(${value})`;
}

/**
 * The test for a property the key pass did not see: true when something is there, own or not. An
 * `in` test, not a read: a read would run a getter an attacker put on `Object.prototype`.
 */
export function readable(v: string, property: string): string {
  return `${literal(property)} in ${v}`;
}

/**
 * After the key pass: a declared property the pass did not see may still be an own property that is
 * not enumerable. An `in` test per such property tells whether anything is there at all (one that
 * finds nothing costs next to nothing); only when one finds something does the runtime look
 * again, at every property not seen, and keep own values only (`ownValues`), which plain JSON never
 * needs. `names` is the module constant with the properties' names, in the order of `locals`.
 */
export function ownFallback(v: string, locals: readonly string[], properties: readonly string[], names: string): string {
  const list = `[${locals.join(", ")}]`;
  const unseen = locals.map((local, i) => `${local} === undefined && ${readable(v, properties[i]!)}`);
  return `if (${unseen.join(" || ")}) ${list} = ownValues(${v}, ${names}, ${list});`;
}

/** `.name` when the name is an identifier, else `["name"]`. */
export function propertyAccess(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? `.${name}` : `[${literal(name)}]`;
}

/** A JavaScript identifier made from a spec name. */
export function identifier(name: string): string {
  return name.replace(/[^A-Za-z0-9_$]/g, "_");
}
