// The embedded node worker as the sandbox iframe needs it under `vite dev`: one classic script (no import/export),
// bundled by Vite's own bundler with the dev server's settings. sandboxDevPlugin serves it; workerBundleCache keeps it.
import { resolve } from 'node:path';
import { build, type ResolvedConfig, type Rolldown } from 'vite';

/** The node worker bundled as one script, and the files it was made of (a change to one of them rebuilds it). */
export interface WorkerBundle {
  code: string;
  /** Absolute paths of the modules bundled (project files and dependencies). */
  files: Set<string>;
  ms: number;
  /** Date.now() when bundling started: a file changed after it may be in the bundle with its old content. */
  startedAt: number;
}

/** The worker source, relative to the project root. */
export const workerEntry = 'src/worker/node.worker.ts';

/** What {@link bundleNodeWorker} hands the bundler besides the resolved config (part of the disk cache's key). */
export const workerBuildOptions = {
  target: 'es2022',
  format: 'iife',
  // A classic script has no import.meta: a worker's own URL, as Vite's IIFE worker builds give it.
  define: { 'import.meta.url': 'self.location.href', 'import.meta': '{ url: self.location.href }' },
} as const;

// Ids are files, `?raw` imports of files, and virtual modules (`\0…`), which are no file.
function moduleFiles(ids: readonly string[]): Set<string> {
  return new Set(ids.filter((id) => !id.startsWith('\0')).map((id) => resolve(id.replace(/\?.*$/s, ''))));
}

/** Bundles {@link workerEntry} into one classic script with the dev server's root, mode and defines. */
export async function bundleNodeWorker(config: ResolvedConfig): Promise<WorkerBundle> {
  const startedAt = Date.now();
  const started = performance.now();
  const result = await build({
    root: config.root,
    mode: config.mode,
    configFile: false,
    envDir: config.envDir,
    envPrefix: config.envPrefix,
    logLevel: 'warn',
    clearScreen: false,
    define: config.define,
    build: {
      write: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      minify: false,
      target: workerBuildOptions.target,
      rolldownOptions: {
        input: resolve(config.root, workerEntry),
        transform: { define: { ...workerBuildOptions.define } },
        // One classic script, no import/export: what the sandbox iframe can start from a blob (as in the build).
        output: { format: workerBuildOptions.format, codeSplitting: false },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((c) => c.type === 'chunk');
  if (chunks.length !== 1)
    throw new Error(`bundling ${workerEntry} gave ${chunks.length} chunks instead of one script`);
  return {
    code: chunks[0].code,
    files: moduleFiles(chunks[0].moduleIds),
    ms: Math.round(performance.now() - started),
    startedAt,
  };
}
