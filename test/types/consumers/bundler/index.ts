// A consumer under bundler resolution.
import {
  FLOW_ACTION_KEYS,
  LIFECYCLE_LABELS,
  type AuthorizeQuery,
  type FlowActionByKey,
  type FlowActionKey,
  type LifecycleLabel,
  type WebAuthnTokenRequest,
} from "@flowspec/types";

export const keys: readonly FlowActionKey[] = FLOW_ACTION_KEYS;
export const labels: readonly LifecycleLabel[] = LIFECYCLE_LABELS;

export const query: AuthorizeQuery = {
  response_type: "code",
  client_id: "abc",
  redirect_uri: "https://app.example.com/callback",
  code_challenge_method: "S256",
  prompt: "login",
};

export const delay: FlowActionByKey<"FLOW:DELAY_FLOW"> = {
  type: "FLOW",
  action: "DELAY_FLOW",
  id: "wait",
  params: { number: "{{vars.minutes}}", units: "MINUTES" },
};

export const webauthn: WebAuthnTokenRequest = {
  grant_type: "urn:okta:params:oauth:grant-type:webauthn",
  client_id: "abc",
  auth_session: "session",
  authn_response: {
    id: "cred",
    rawId: "cred",
    type: "public-key",
    response: { clientDataJSON: "e30", authenticatorData: "AA", signature: "AA" },
  },
};
