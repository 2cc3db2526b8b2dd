// The dev server's embedded node worker bundle kept on disk (in Vite's cache folder), so a restart of `npm run dev`,
// or its first start after `npm ci` (whose prepare step bundles it), serves it without bundling again. A kept bundle
// is used only if its key (bundler, options, lockfile and configs) is the same and every file it was made of still
// has the content it had, and every project folder holding one still has the same names (a template added to a globbed
// folder, or a file that an import would now resolve to): an edit anywhere in the worker's sources bundles it again.
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { version as viteVersion, type ResolvedConfig } from 'vite';
import { workerBuildOptions, workerEntry, type WorkerBundle } from './bundleNodeWorker.ts';

/** What is kept beside the code: the key it was made under and each input file's content hash. */
interface Manifest {
  key: string;
  codeHash: string;
  files: Record<string, string>;
  /** The names in each project folder (outside node_modules) that holds an input file. */
  dirs: Record<string, string[]>;
  ms: number;
}

// Bumped when what is kept, or how, changes.
const formatVersion = 1;
const manifestName = 'sandbox-node-worker.json';
const codeName = 'sandbox-node-worker.js';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

async function hashFile(file: string): Promise<string | null> {
  try {
    return sha256(await readFile(file));
  } catch {
    return null;
  }
}

/** The project folders (not dependencies') of these files. */
export function projectDirs(files: Iterable<string>): string[] {
  const dirs = new Set(
    [...files].filter((f) => !f.includes(`${sep}node_modules${sep}`)).map((f) => dirname(f)),
  );
  return [...dirs].sort();
}

async function listDir(dir: string): Promise<string[] | null> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return null;
  }
}

/** The files outside the worker's module graph that change how it is bundled (null: absent). */
const configFiles = ['package-lock.json', 'vite.config.ts', 'tsconfig.json'];

/**
 * The cache key: the bundler's version, the options and defines, the root, and the contents of the lockfile and the
 * configs (a dependency update or a config edit can change what an import resolves to without touching an input).
 */
export async function workerBundleKey(config: ResolvedConfig): Promise<string> {
  const configs = await Promise.all(configFiles.map((f) => hashFile(resolve(config.root, f))));
  return sha256(
    JSON.stringify({
      formatVersion,
      viteVersion,
      root: config.root,
      mode: config.mode,
      define: config.define ?? null,
      workerEntry,
      workerBuildOptions,
      configs,
    }),
  );
}

/** The folder the bundle is kept in: Vite's cache folder (node_modules/.vite unless the config moves it). */
export function workerBundleDir(config: ResolvedConfig): string {
  return config.cacheDir;
}

async function readManifest(dir: string): Promise<Manifest | null> {
  try {
    return JSON.parse(await readFile(join(dir, manifestName), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** The kept bundle, or null if there is none, its key differs, or any file it was made of changed or is gone. */
export async function readCachedBundle(dir: string, key: string): Promise<WorkerBundle | null> {
  const startedAt = Date.now();
  const started = performance.now();
  const manifest = await readManifest(dir);
  if (!manifest || manifest.key !== key) return null;
  const entries = Object.entries(manifest.files);
  const hashes = await Promise.all(entries.map(([file]) => hashFile(file)));
  if (hashes.some((h, i) => h !== entries[i][1])) return null;
  const dirs = Object.entries(manifest.dirs ?? {});
  const listings = await Promise.all(dirs.map(([dir]) => listDir(dir)));
  if (listings.some((names, i) => JSON.stringify(names) !== JSON.stringify(dirs[i][1]))) return null;
  let code: string;
  try {
    code = await readFile(join(dir, codeName), 'utf8');
  } catch {
    return null;
  }
  if (sha256(code) !== manifest.codeHash) return null;
  return {
    code,
    files: new Set(entries.map(([f]) => f)),
    ms: Math.round(performance.now() - started),
    startedAt,
  };
}

/** Whether a file of the bundle was changed after bundling started (its content may differ from what was bundled). */
async function changedSince(files: Iterable<string>, startedAt: number): Promise<boolean> {
  const times = await Promise.all(
    [...files].map((f) =>
      stat(f).then(
        (s) => s.mtimeMs,
        () => Infinity,
      ),
    ),
  );
  return times.some((t) => t >= startedAt);
}

/**
 * Keeps the bundle for the next start; not if one of its files changed after bundling started (the code may hold
 * its old content). Writes to temporary names and renames, so a reader sees a whole bundle or none. Whether it kept it.
 */
export async function writeCachedBundle(dir: string, key: string, bundle: WorkerBundle): Promise<boolean> {
  const files = [...bundle.files];
  const dirs = projectDirs(files);
  const [hashes, listings] = await Promise.all([
    Promise.all(files.map(hashFile)),
    Promise.all(dirs.map(listDir)),
  ]);
  if (hashes.includes(null) || listings.includes(null)) return false;
  if (await changedSince([...files, ...dirs], bundle.startedAt)) return false;
  const manifest: Manifest = {
    key,
    codeHash: sha256(bundle.code),
    files: Object.fromEntries(files.map((f, i) => [f, hashes[i]!])),
    dirs: Object.fromEntries(dirs.map((d, i) => [d, listings[i]!])),
    ms: bundle.ms,
  };
  await mkdir(dir, { recursive: true });
  const tmp = `.${process.pid}-${Date.now()}.tmp`;
  await writeFile(join(dir, codeName + tmp), bundle.code);
  await writeFile(join(dir, manifestName + tmp), JSON.stringify(manifest));
  // The code first: a manifest always names code at least as new as itself (its hash checks the pair).
  await rename(join(dir, codeName + tmp), join(dir, codeName));
  await rename(join(dir, manifestName + tmp), join(dir, manifestName));
  return true;
}
