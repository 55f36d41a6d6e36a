/**
 * Errors that mean a bug in the generator, not in the spec (the checker reports every spec
 * problem as a diagnostic first). One prefix, so such a report is recognisable as ours.
 */
export function internalError(message: string): Error {
  return new Error(`flowspec: ${message}`);
}

/** The end of an exhaustive `switch`: TypeScript proves it unreachable, this says so if it is not. */
export function unreachable(value: never, what: string): never {
  throw internalError(`unhandled ${what} ${JSON.stringify(value)}`);
}
