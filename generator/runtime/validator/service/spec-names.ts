/**
 * Names the spec's data decides. The runtime treats them as strings; the generator writes their exact
 * unions into the package's `service.d.ts` from spec/authentication.yaml (see service-declarations.ts).
 */

/** An application API access policy named by rules 8 and 9, e.g. `require_client_grant`. */
export type AccessPolicy = string;

/** A kind of flow rule 8 gives a default policy, e.g. `user_flows`. */
export type PolicyFlow = string;
