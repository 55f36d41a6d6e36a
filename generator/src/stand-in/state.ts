/**
 * What the stand-in remembers between requests: the flows it created and each API's permission
 * list (PATCH replaces it whole), both readable with GET as on the vendor's API, and the one-use
 * authorization codes and passkey sessions, which expire.
 */
import { randomBytes, randomFillSync } from "node:crypto";
import type { CreateFlowResponseContent, ResourceServerScope } from "@flowspec/validator";

/** The 58 characters the vendor's ids use (no 0, O, I, l). */
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/** The largest multiple of 58 a byte can hold: bytes from it up are drawn again, so each character is equally likely. */
const BASE58_BYTE_LIMIT = 256 - (256 % BASE58.length);

/**
 * Random bytes drawn a pool at a time: one call into OpenSSL per 4 KiB instead of one per
 * character (`randomInt` reads six bytes for each).
 */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++]!;
}

/** `af_` and 22 base-58 characters: the `flow-id` format (at most 30 characters). */
export function newFlowId(): string {
  let id = "af_";
  while (id.length < 25) {
    const byte = randomByte();
    if (byte < BASE58_BYTE_LIMIT) id += BASE58[byte % BASE58.length];
  }
  return id;
}

/** A secret value for a code or a session: 32 random bytes, base64url. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

/**
 * Values handed out once under a random name, each valid for the same lifetime. A Map keeps
 * insertion order, so the expired ones are always at the front: each `put` drops them there, and
 * the store holds only what is still valid, and at most `maxEntries` (the oldest go first).
 */
export class OneUseStore<T> {
  readonly #entries = new Map<string, { readonly value: T; readonly expires: number }>();

  constructor(
    private readonly lifetimeMs: number,
    private readonly maxEntries: number = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  put(value: T): string {
    const now = this.now();
    for (const [name, entry] of this.#entries) {
      if (entry.expires > now && this.#entries.size < this.maxEntries) break;
      this.#entries.delete(name);
    }
    const name = newSecret();
    this.#entries.set(name, { value, expires: now + this.lifetimeMs });
    return name;
  }

  /** The value, removed: a second use, or a use after it expired, finds nothing. */
  take(name: string): T | undefined {
    const entry = this.#entries.get(name);
    if (entry === undefined) return undefined;
    this.#entries.delete(name);
    return entry.expires > this.now() ? entry.value : undefined;
  }
}

/** How much stored state may grow: the policy a store enforces on each write. */
export interface StoreBounds {
  /** Entries kept; past it the least recently written go first. */
  readonly maxEntries: number;
  /** Items kept in all entries together (permissions); the same order of forgetting. */
  readonly maxItems: number;
}

const UNBOUNDED: StoreBounds = { maxEntries: Number.POSITIVE_INFINITY, maxItems: Number.POSITIVE_INFINITY };

/**
 * The flows created, by id, each kept as the JSON text it was answered with: one string per flow,
 * where the answer's objects (one for each action and each of its parameters) would be copied and
 * traced by the garbage collector for as long as the flow is kept. A read parses the text again.
 *
 * The ids wait in a queue by age, apart from the map: a Map's oldest key is its first, but once
 * full, every create would drop it, and finding the first key steps over the places of all those
 * dropped since the map last compacted itself (thousands with 10,000 kept; several µs a create).
 */
export class CreatedFlows {
  readonly #flows = new Map<string, string>();
  /** The ids kept, oldest at `#head`: each once, in the order of their last put. */
  #queue: string[] = [];
  #head = 0;

  /** Only `maxEntries` applies: a flow is one entry, however many actions it holds. */
  constructor(private readonly bounds: StoreBounds = UNBOUNDED) {}

  get size(): number {
    return this.#flows.size;
  }

  get(id: string): CreateFlowResponseContent | undefined {
    const text = this.#flows.get(id);
    return text === undefined ? undefined : (JSON.parse(text) as CreateFlowResponseContent);
  }

  /** `json`: the flow's JSON text, as answered; an id put again becomes the newest. */
  put(id: string, json: string): void {
    // Ids are random: one put again is rare enough to be looked for from the end of the queue.
    if (this.#flows.delete(id)) this.#queue.splice(this.#queue.lastIndexOf(id), 1);
    this.#flows.set(id, json);
    this.#queue.push(id);
    while (this.#flows.size > this.bounds.maxEntries) this.#flows.delete(this.#queue[this.#head++]!);
    // The places behind the head are let go once they are half the queue: a copy now and then, not per drop.
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
  }
}

/**
 * Each API's permission list, by the id in the request path. One permission per value, the first
 * given, as planScopeReplacement counts a list that repeats one. Bounded by `bounds`: a stand-in
 * fed PATCHes under ever new ids forgets the least recently replaced lists.
 */
export class ResourceServers {
  readonly #scopes = new Map<string, readonly ResourceServerScope[]>();
  #items = 0;

  constructor(private readonly bounds: StoreBounds = UNBOUNDED) {}

  get size(): number {
    return this.#scopes.size;
  }

  scopesOf(id: string): readonly ResourceServerScope[] {
    return this.#scopes.get(id) ?? [];
  }

  /** Whether a PATCH has set the API's list. */
  has(id: string): boolean {
    return this.#scopes.has(id);
  }

  replace(id: string, scopes: readonly ResourceServerScope[]): void {
    const seen = new Set<string>();
    const list = scopes.filter((s) => !seen.has(s.value) && seen.add(s.value));
    this.#forget(id);
    this.#scopes.set(id, list);
    this.#items += list.length;
    for (const [oldest] of this.#scopes) {
      if (oldest === id || (this.#scopes.size <= this.bounds.maxEntries && this.#items <= this.bounds.maxItems)) break;
      this.#forget(oldest);
    }
  }

  #forget(id: string): void {
    this.#items -= this.#scopes.get(id)?.length ?? 0;
    this.#scopes.delete(id);
  }
}
