/** Builds the dispatch tables from the generated list of (type, action, validator). */
import type { CompiledValidator, DispatchTables, VariantCheck } from "./context.js";

export type VariantEntry = readonly [type: string, action: string, envelope: CompiledValidator, params: CompiledValidator];

export function dispatchTables(entries: readonly VariantEntry[]): DispatchTables {
  const variants = new Map<string, Map<string, VariantCheck>>();
  const typesByAction = new Map<string, string[]>();
  for (const [type, action, envelope, params] of entries) {
    let actions = variants.get(type);
    if (actions === undefined) variants.set(type, (actions = new Map()));
    actions.set(action, { envelope, params });
    const types = typesByAction.get(action);
    if (types === undefined) typesByAction.set(action, [type]);
    else types.push(type);
  }
  return { variants, typesByAction };
}

export function memberTable(entries: readonly (readonly [tag: string, validator: CompiledValidator])[]): ReadonlyMap<string, CompiledValidator> {
  return new Map(entries);
}
