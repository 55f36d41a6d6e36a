/**
 * The service's client of the vendor's management API: it publishes a flow and reads it back,
 * waits for the window to reset once when it is rate limited, and reports a token that has expired
 * so the caller can get a new one.
 */
import type { CreateFlowRequestContent, CreateFlowResponseContent } from "@flowspec/validator";
import { parseRateLimitHeaders } from "@flowspec/validator";

export type PublishResult =
  | { readonly ok: true; readonly flow: CreateFlowResponseContent }
  | { readonly ok: false; readonly reason: "token_expired" | "rate_limited" | "rejected"; readonly errorCode: string };

export interface PublisherOptions {
  readonly baseUrl: string;
  readonly token: () => string;
  /** How to wait until the window resets (tests pass one that does not sleep). */
  readonly waitUntil?: (epochSecond: number) => Promise<void>;
}

export async function publishFlow(flow: CreateFlowRequestContent, options: PublisherOptions): Promise<PublishResult> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${options.baseUrl}/api/v2/flows`, {
      method: "POST",
      headers: { authorization: `Bearer ${options.token()}`, "content-type": "application/json" },
      body: JSON.stringify(flow),
    });
    const body = (await response.json()) as { errorCode?: string };
    if (response.status === 201) {
      const stored = await fetch(`${options.baseUrl}/api/v2/flows/${(body as CreateFlowResponseContent).id}`, { headers: { authorization: `Bearer ${options.token()}` } });
      return { ok: true, flow: (await stored.json()) as CreateFlowResponseContent };
    }
    const errorCode = body.errorCode ?? "unknown";
    if (response.status === 429 && attempt === 1) {
      const limits = parseRateLimitHeaders(response.headers);
      await (options.waitUntil ?? sleepUntil)(limits.ok ? limits.value.reset : Math.floor(Date.now() / 1000) + 1);
      continue;
    }
    if (response.status === 429) return { ok: false, reason: "rate_limited", errorCode };
    if (errorCode === "invalid_token") return { ok: false, reason: "token_expired", errorCode };
    return { ok: false, reason: "rejected", errorCode };
  }
}

function sleepUntil(epochSecond: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, epochSecond * 1000 - Date.now())));
}
