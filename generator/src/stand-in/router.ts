/**
 * Routes from the OpenAPI document's paths: each operation the stand-in implements is found by its
 * `operationId`, so a path the spec changes is followed without touching the server.
 */
import type { OpenApiDocument } from "./served-packages.js";

export interface Route {
  readonly operationId: string;
  readonly method: string;
  /** Literal segments, or `{name}` for a path parameter. */
  readonly segments: readonly string[];
}

export type RouteMatch =
  | { readonly kind: "found"; readonly operationId: string; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: "method"; readonly allow: readonly string[] }
  | { readonly kind: "none" };

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

export function routesOf(doc: OpenApiDocument): Route[] {
  const routes: Route[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const operationId = (op as { operationId?: unknown } | null)?.operationId;
      if (METHODS.includes(method) && typeof operationId === "string") routes.push({ operationId, method: method.toUpperCase(), segments: path.split("/").slice(1) });
    }
  }
  return routes;
}

function isParameter(segment: string): boolean {
  return segment.startsWith("{") && segment.endsWith("}");
}

function matchSegments(route: Route, segments: readonly string[]): Record<string, string> | null {
  if (route.segments.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const pattern = route.segments[i]!;
    const segment = segments[i]!;
    if (isParameter(pattern)) {
      if (segment === "") return null;
      try {
        params[pattern.slice(1, -1)] = decodeURIComponent(segment);
      } catch {
        return null; // not percent-encoded UTF-8: no such resource
      }
    } else if (pattern !== segment) {
      return null;
    }
  }
  return params;
}

const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

/** What `match` answers for one path, by method, and for any other method. */
interface PathMatches {
  readonly byMethod: ReadonlyMap<string, RouteMatch>;
  readonly otherMethod: RouteMatch;
}

export class Router {
  /**
   * The answers for each path that has no parameters, made once: most requests name such a path,
   * and a table answers them without splitting the path or trying each route.
   */
  readonly #literalPaths = new Map<string, PathMatches>();

  constructor(private readonly routes: readonly Route[]) {
    for (const route of routes) {
      if (route.segments.some(isParameter)) continue;
      const path = `/${route.segments.join("/")}`;
      if (this.#literalPaths.has(path)) continue;
      const byMethod = new Map<string, RouteMatch>();
      for (const other of routes) {
        const params = byMethod.has(other.method) ? null : matchSegments(other, route.segments);
        if (params !== null) byMethod.set(other.method, Object.freeze({ kind: "found", operationId: other.operationId, params: Object.keys(params).length === 0 ? NO_PARAMS : Object.freeze(params) }));
      }
      this.#literalPaths.set(path, { byMethod, otherMethod: this.#scan("", route.segments) });
    }
  }

  match(method: string, pathname: string): RouteMatch {
    const literal = this.#literalPaths.get(pathname);
    if (literal !== undefined) return literal.byMethod.get(method) ?? literal.otherMethod;
    return this.#scan(method, pathname.split("/").slice(1));
  }

  #scan(method: string, segments: readonly string[]): RouteMatch {
    const allow: string[] = [];
    for (const route of this.routes) {
      const params = matchSegments(route, segments);
      if (params === null) continue;
      if (route.method === method) return { kind: "found", operationId: route.operationId, params };
      allow.push(route.method);
    }
    return allow.length > 0 ? { kind: "method", allow } : { kind: "none" };
  }
}
