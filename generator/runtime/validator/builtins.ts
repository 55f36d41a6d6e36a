/**
 * `hasOwn`, bound once, for the generated checks' second look at a declared property that their key
 * pass did not see. Inside `for (const k in v)` they spell out `Object.prototype.hasOwnProperty.call`
 * instead: V8 answers that test from the object's shape only when it knows the built-in.
 */
export const hasOwn = Object.prototype.hasOwnProperty;
