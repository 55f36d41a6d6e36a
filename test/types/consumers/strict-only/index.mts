// A consumer with `strict` alone. Without exactOptionalPropertyTypes an optional property also
// holds `undefined`, which every index signature of the declarations must admit, or the
// declarations themselves fail to compile here (skipLibCheck is off).
import type { AuthorizeQuery, CreateFlowResponseContent } from "@flowspec/types";

export const query: AuthorizeQuery = { response_type: "code", client_id: "abc", redirect_uri: "https://x", scope: "openid" };

export function nameOf(flow: CreateFlowResponseContent): string {
  return flow.name;
}
