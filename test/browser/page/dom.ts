/**
 * The few browser APIs the page uses, typed here: the repository's tsconfig has no DOM library
 * (adding it would leak browser globals into the type-check of every Node module).
 */

export interface ViolationEvent {
  readonly effectiveDirective: string;
  readonly blockedURI: string;
  readonly sourceFile: string;
  readonly lineNumber: number;
  readonly sample: string;
  readonly disposition: string;
}

interface Element {
  textContent: string | null;
  setAttribute(name: string, value: string): void;
}

interface PageDocument {
  getElementById(id: string): Element | null;
  addEventListener(type: "securitypolicyviolation", listener: (event: ViolationEvent) => void): void;
}

interface PageGlobals {
  readonly document: PageDocument;
  /** `new FormData(form)`: what the browser would submit for that form. */
  readonly FormData: new (form: Element) => Iterable<[string, string]>;
  /** Where the listener module leaves the violations it saw, for the page module to read. */
  flowspecViolations?: ViolationEvent[];
}

export const page = globalThis as unknown as PageGlobals;

/** The body the browser sends for a form posted as `application/x-www-form-urlencoded`. */
export function formBody(formId: string): string {
  const form = page.document.getElementById(formId);
  if (!form) throw new Error(`the page has no form #${formId}`);
  return new URLSearchParams([...new page.FormData(form)]).toString();
}
