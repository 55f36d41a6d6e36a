/**
 * A real Standard Schema consumer in the browser: Vitest's `expect.schemaMatching`, which calls
 * `schema["~standard"].validate` and no other API of ours. `@vitest/expect` is the package Vitest
 * itself ships to browsers (its browser mode), and it evaluates no code, so it runs under the page's
 * policy; it comes with the project's test runner, so no dependency is added for this.
 */
import { chai, JestAsymmetricMatchers, JestChaiExpect, JestExtend, type ExpectStatic } from "@vitest/expect";

chai.use(JestExtend);
chai.use(JestChaiExpect);
chai.use(JestAsymmetricMatchers);
const expect = chai.expect as unknown as ExpectStatic;

export interface ConsumerVerdict {
  readonly pass: boolean;
  /** The assertion's own message ("expected … to deeply equal SchemaMatching{…}"); empty on a pass. */
  readonly message: string;
  /** How the matcher prints itself in a failure diff: with the Standard Schema issues it received. */
  readonly matcher: string;
}

export function consumeStandardSchema(schema: unknown, value: unknown): ConsumerVerdict {
  const matcher = expect.schemaMatching(schema) as { toAsymmetricMatcher(): string };
  try {
    expect(value).toEqual(matcher);
    return { pass: true, message: "", matcher: matcher.toAsymmetricMatcher() };
  } catch (error) {
    return { pass: false, message: error instanceof Error ? error.message : String(error), matcher: matcher.toAsymmetricMatcher() };
  }
}
