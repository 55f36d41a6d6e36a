/**
 * The stand-in's router (also conformance's): paths without parameters are answered from a table
 * made at start, and answer exactly as trying each route in order would, parameter routes included.
 */
import { describe, expect, it } from "vitest";
import { Router, type Route } from "../../generator/src/stand-in/router.ts";

const route = (operationId: string, method: string, path: string): Route => ({ operationId, method, segments: path.split("/").slice(1) });

const router = new Router([
  route("post_flows", "POST", "/api/v2/flows"),
  route("get_thing", "GET", "/api/v2/{kind}"),
  route("get_flows", "GET", "/api/v2/flows"),
  route("delete_thing", "DELETE", "/api/v2/{kind}"),
]);

describe("Router", () => {
  it("finds the route of a path without parameters, the first in order for its method", () => {
    expect(router.match("POST", "/api/v2/flows")).toEqual({ kind: "found", operationId: "post_flows", params: {} });
    // The parameter route comes first for GET, as trying each route in order finds.
    expect(router.match("GET", "/api/v2/flows")).toEqual({ kind: "found", operationId: "get_thing", params: { kind: "flows" } });
    expect(router.match("DELETE", "/api/v2/flows")).toEqual({ kind: "found", operationId: "delete_thing", params: { kind: "flows" } });
  });

  it("names every method of the path, parameter routes included, for a method it lacks", () => {
    expect(router.match("PUT", "/api/v2/flows")).toEqual({ kind: "method", allow: ["POST", "GET", "GET", "DELETE"] });
  });

  it("tries each route for any other path", () => {
    expect(router.match("GET", "/api/v2/users")).toEqual({ kind: "found", operationId: "get_thing", params: { kind: "users" } });
    expect(router.match("POST", "/api/v2/flows/")).toEqual({ kind: "none" });
    expect(router.match("POST", "/api/v2/%E0")).toEqual({ kind: "none" });
  });
});
