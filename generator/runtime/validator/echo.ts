/** Echoes of input strings in messages, kept short: a 10 MB `type` must not become a 10 MB message. */

const ECHO_LIMIT = 100;

export function echo(value: string): string {
  return value.length > ECHO_LIMIT ? `${value.slice(0, ECHO_LIMIT)}…` : value;
}
