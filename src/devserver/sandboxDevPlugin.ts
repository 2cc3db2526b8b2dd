// The dev server's side of the embedded node sandbox (src/worker/sandbox/README.md). The built app ships the node
// worker as one self-contained script that the sandbox iframe can start from a blob; `vite dev` serves it as many ES
// modules, which an opaque-origin classic worker cannot load. So in dev this plugin bundles the worker on demand into
// one classic script (Vite's own bundler, cached until a file in it changes, and kept on disk for the next start by
// workerBundleCache; `npm ci` makes it, see scripts/prebundle-dev-deps.mjs) and serves it at a fixed URL, serves
// sandbox.html untransformed, and refuses project files to the sandbox and to other sites.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { devNodeWorkerPath } from '../worker/sandbox/sandboxProtocol.ts';
import { workerEntry } from './bundleNodeWorker.ts';
import { checkSandboxedRequest } from './checkSandboxedRequest.ts';
import { loadNodeWorkerBundle, type LoadedWorkerBundle } from './loadNodeWorkerBundle.ts';
import { projectDirs } from './workerBundleCache.ts';

/** The sandbox iframe's page, relative to the project root (the page imports it with `?url&no-inline`). */
const sandboxPage = 'src/worker/sandbox/sandbox.html';

/** The bundled worker kept between requests, and what a file change means for it. */
interface WorkerCache {
  config: ResolvedConfig;
  bundle: Promise<LoadedWorkerBundle> | null;
  /** What the last finished bundle was made of. */
  files: Set<string>;
  building: boolean;
  changedWhileBuilding: Set<string>;
}

/** The bundle, made now unless one is kept or on its way. */
function currentBundle(w: WorkerCache): Promise<LoadedWorkerBundle> {
  if (w.bundle) return w.bundle;
  w.building = true;
  w.changedWhileBuilding.clear();
  const next = loadNodeWorkerBundle(w.config).finally(() => (w.building = false));
  w.bundle = next;
  next.then(
    (b) => {
      w.files = b.files;
      // A file saved while it was bundled may be in it with its old content: bundle again next time.
      const dirs = new Set(projectDirs(w.files));
      const stale = [...w.changedWhileBuilding].some((f) => w.files.has(f) || dirs.has(f));
      if (stale && w.bundle === next) w.bundle = null;
      w.config.logger.info(describeBundle(b), { timestamp: true });
    },
    () => {
      if (w.bundle === next) w.bundle = null; // a failed bundle is retried on the next request
    },
  );
  return next;
}

function describeBundle(b: LoadedWorkerBundle): string {
  return b.kept
    ? `[sandbox] embedded node worker read from the cache in ${b.ms} ms (its ${b.files.size} files unchanged)`
    : `[sandbox] embedded node worker bundled in ${b.ms} ms`;
}

// A file added to a folder of the bundle's own (a template in a globbed folder, say) may be in it the next time.
function onFileEvent(w: WorkerCache, file: string, added = false): void {
  const f = resolve(file);
  if (w.building) w.changedWhileBuilding.add(added ? dirname(f) : f);
  else if (added ? projectDirs(w.files).includes(dirname(f)) : w.files.has(f)) w.bundle = null;
}

type Next = (err?: unknown) => void;

// As written, as the build emits it: Vite's HTML transform would put its client script before the CSP.
function serveSandboxPage(
  config: ResolvedConfig,
  req: IncomingMessage,
  res: ServerResponse,
  next: Next,
): void {
  readFile(resolve(config.root, sandboxPage)).then(
    (html) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : html);
    },
    (err: unknown) => next(err),
  );
}

function serveWorker(w: WorkerCache, req: IncomingMessage, res: ServerResponse): void {
  currentBundle(w).then(
    (b) => {
      res.writeHead(200, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Length': Buffer.byteLength(b.code),
      });
      res.end(req.method === 'HEAD' ? undefined : b.code);
    },
    (err: unknown) => {
      const message = err instanceof Error ? err.message : String(err);
      w.config.logger.error(`[sandbox] bundling ${workerEntry} failed: ${message}`, { timestamp: true });
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(`bundling ${workerEntry} failed: ${message}\n`);
    },
  );
}

/** The middleware: refuses sandboxed and cross-site requests, serves the worker and the sandbox page. */
function sandboxMiddleware(w: WorkerCache) {
  const base = w.config.base.replace(/\/$/, '');
  const workerPath = `${base}${devNodeWorkerPath}`;
  const sandboxPagePath = `${base}/${sandboxPage}`;
  return (req: IncomingMessage, res: ServerResponse, next: Next) => {
    const refusal = checkSandboxedRequest(req.headers);
    if (refusal) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(`Forbidden: ${refusal}\n`);
      return;
    }
    const [path, query = ''] = (req.url ?? '').split('?', 2);
    // The page's `?url&no-inline` import gives `sandbox.html?no-inline`; other queries (`?import…`) are Vite's.
    const isSandboxPage = path === sandboxPagePath && (query === '' || query === 'no-inline');
    if (path !== workerPath && !isSandboxPage) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    if (isSandboxPage) serveSandboxPage(w.config, req, res, next);
    else serveWorker(w, req, res);
  };
}

/** What the plugin offers outside the server (scripts/prebundle-dev-deps.mjs finds it in the resolved config). */
export interface SandboxDevApi {
  /** The worker bundle as the dev server would serve it, kept on disk for its next start ({@link loadNodeWorkerBundle}). */
  keepNodeWorkerBundle(config: ResolvedConfig): Promise<LoadedWorkerBundle>;
}

/**
 * Vite plugin (dev server only): serves the embedded node worker as one self-contained classic script at
 * {@link devNodeWorkerPath}, so createSandboxedNodeWorker runs it in the sandbox iframe in dev as in the built app,
 * and answers 403 to requests from an opaque origin or from another site ({@link checkSandboxedRequest}).
 */
export function sandboxDevPlugin(): Plugin<SandboxDevApi> {
  return {
    name: 'tracer-sandbox-dev',
    apply: 'serve',
    api: { keepNodeWorkerBundle: loadNodeWorkerBundle },
    configureServer(server) {
      const w: WorkerCache = {
        config: server.config,
        bundle: null,
        files: new Set(),
        building: false,
        changedWhileBuilding: new Set(),
      };
      server.watcher.on('change', (file) => onFileEvent(w, file));
      server.watcher.on('unlink', (file) => onFileEvent(w, file));
      server.watcher.on('add', (file) => onFileEvent(w, file, true));
      // Bundled as soon as the server listens, so the first page load does not wait for it; the terminal says so.
      server.httpServer?.once('listening', () => {
        w.config.logger.info('[sandbox] preparing the embedded node worker (from the cache or bundled)…', {
          timestamp: true,
        });
        currentBundle(w).catch(() => undefined);
      });
      server.middlewares.use(sandboxMiddleware(w));
    },
  };
}
