import type { ResolvedConfig } from 'vite';
import { bundleNodeWorker, type WorkerBundle } from './bundleNodeWorker.ts';
import {
  readCachedBundle,
  workerBundleDir,
  workerBundleKey,
  writeCachedBundle,
} from './workerBundleCache.ts';

/** A worker bundle and where it came from. */
export interface LoadedWorkerBundle extends WorkerBundle {
  /** true: read from the disk cache (its files checked); false: bundled now. */
  kept: boolean;
  /** Whether a bundle made now was kept on disk for the next start (its write finished; always false when `kept`). */
  saved: Promise<boolean>;
}

/**
 * The embedded node worker bundle: the one kept on disk if it is still current ({@link readCachedBundle}), else
 * bundled now and kept for the next start (a failure to keep it only costs the next start a bundling).
 */
export async function loadNodeWorkerBundle(config: ResolvedConfig): Promise<LoadedWorkerBundle> {
  const dir = workerBundleDir(config);
  const key = await workerBundleKey(config);
  const kept = await readCachedBundle(dir, key).catch(() => null);
  if (kept) return { ...kept, kept: true, saved: Promise.resolve(false) };
  const made = await bundleNodeWorker(config);
  const saved = writeCachedBundle(dir, key, made).catch((err: unknown) => {
    config.logger.warn(`[sandbox] could not keep the worker bundle in ${dir}: ${String(err)}`, {
      timestamp: true,
    });
    return false;
  });
  return { ...made, kept: false, saved };
}
