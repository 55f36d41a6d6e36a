/**
 * `flowspec generate --watch`: generate once, then again after every change to the spec folder or
 * the release record, debounced so one save (or one `git checkout`) is one run. A spec with
 * problems prints its diagnostics and writes nothing — the packages keep their last good state —
 * and the watch goes on. Each run is a whole `generate()`, whose write is all or nothing, so a
 * half-written package never exists on disk.
 *
 * Node 20's recursive `fs.watch` on Linux watches the files it found when it started: a file saved
 * by rename (an editor's atomic save, `sed -i`, `git checkout`) is a new file it never sees again.
 * So the watchers are re-armed as each run starts: the new ones start before the old ones close, so
 * no change falls between them, and a change during the run schedules the next.
 */
import { existsSync, watch, type FSWatcher } from "node:fs";
import { resolve } from "node:path";
import { generate, type GenerateOptions, type GenerateResult } from "../../pipeline/generate.js";
import { releasePaths } from "../../release-record/record.js";

export interface WatchOptions extends GenerateOptions {
  /** Quiet time after the last change before a run (default 100 ms). */
  readonly debounceMs?: number;
}

/** What one run did: its result, or the error a write threw (the packages were restored). */
export type WatchRun = { readonly result: GenerateResult } | { readonly error: Error };

export interface Watching {
  /** Resolves with the next run that finishes. */
  nextRun(): Promise<WatchRun>;
  /** How many runs have finished. */
  readonly runs: number;
  close(): void;
}

export function watchGenerate(options: WatchOptions, onRun: (run: WatchRun) => void): Watching {
  const specDir = resolve(options.specDir ?? "spec");
  const releaseDir = releasePaths(specDir, options.releaseDir).dir;
  let timer: NodeJS.Timeout | undefined;
  let runs = 0;
  let waiting: ((run: WatchRun) => void)[] = [];

  let watchers: FSWatcher[] = [];
  const arm = (): void => {
    const old = watchers;
    watchers = [watch(specDir, { recursive: true }, schedule)];
    if (existsSync(releaseDir)) watchers.push(watch(releaseDir, { recursive: true }, schedule));
    for (const w of old) w.close();
  };

  const runOnce = (): void => {
    timer = undefined;
    arm();
    let run: WatchRun;
    try {
      run = { result: generate(options) };
    } catch (error) {
      run = { error: error as Error };
    }
    runs++;
    onRun(run);
    const resolved = waiting;
    waiting = [];
    for (const resolve of resolved) resolve(run);
  };

  function schedule(): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(runOnce, options.debounceMs ?? 100);
  }

  arm();
  // The first run comes from the same queue, so a test (or a person) can wait for it like any other.
  schedule();

  return {
    nextRun: () => new Promise((resolve) => waiting.push(resolve)),
    get runs() {
      return runs;
    },
    close: () => {
      if (timer) clearTimeout(timer);
      for (const w of watchers) w.close();
    },
  };
}
