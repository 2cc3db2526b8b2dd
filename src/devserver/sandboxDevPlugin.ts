// The dev server's side of the embedded node sandbox (src/worker/sandbox/README.md). The built app ships the node
// worker as one self-contained script that the sandbox iframe can start from a blob; `vite dev` serves it as many ES
// modules, which an opaque-origin classic worker cannot load. So in dev this plugin bundles the worker on demand into
// one classic script (Vite's own bundler, cached until a file in it changes) and serves it at a fixed URL, serves
// sandbox.html untransformed, and refuses project files to the sandbox and to other sites.
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { devNodeWorkerPath } from '../worker/sandbox/sandboxProtocol.ts';
import { checkSandboxedRequest } from './checkSandboxedRequest.ts';

/** The node worker bundled as one script, and the files it was made of (a change to one of them rebuilds it). */
interface WorkerBundle {
  code: string;
  files: Set<string>;
  ms: number;
}

/** The worker source, relative to the project root. */
const workerEntry = 'src/worker/node.worker.ts';
/** The sandbox iframe's page, relative to the project root (the page imports it with `?url&no-inline`). */
const sandboxPage = 'src/worker/sandbox/sandbox.html';

async function bundleNodeWorker(config: ResolvedConfig): Promise<WorkerBundle> {
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
      target: 'es2022',
      rolldownOptions: {
        input: resolve(config.root, workerEntry),
        // A classic script has no import.meta: a worker's own URL, as Vite's IIFE worker builds give it.
        transform: {
          define: { 'import.meta.url': 'self.location.href', 'import.meta': '{ url: self.location.href }' },
        },
        // One classic script, no import/export: what the sandbox iframe can start from a blob (as in the build).
        output: { format: 'iife', codeSplitting: false },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((c) => c.type === 'chunk');
  if (chunks.length !== 1)
    throw new Error(`bundling ${workerEntry} gave ${chunks.length} chunks instead of one script`);
  return {
    code: chunks[0].code,
    files: new Set(chunks[0].moduleIds.filter((id) => !id.startsWith('\0')).map((id) => resolve(id))),
    ms: Math.round(performance.now() - started),
  };
}

/** The bundled worker kept between requests, and what a file change means for it. */
interface WorkerCache {
  config: ResolvedConfig;
  bundle: Promise<WorkerBundle> | null;
  /** What the last finished bundle was made of. */
  files: Set<string>;
  building: boolean;
  changedWhileBuilding: Set<string>;
}

/** The bundle, made now unless one is kept or on its way. */
function currentBundle(w: WorkerCache): Promise<WorkerBundle> {
  if (w.bundle) return w.bundle;
  w.building = true;
  w.changedWhileBuilding.clear();
  const next = bundleNodeWorker(w.config).finally(() => (w.building = false));
  w.bundle = next;
  next.then(
    (b) => {
      w.files = b.files;
      // A file saved while it was bundled may be in it with its old content: bundle again next time.
      if ([...w.changedWhileBuilding].some((f) => w.files.has(f)) && w.bundle === next) w.bundle = null;
      w.config.logger.info(`[sandbox] embedded node worker bundled in ${b.ms} ms`, { timestamp: true });
    },
    () => {
      if (w.bundle === next) w.bundle = null; // a failed bundle is retried on the next request
    },
  );
  return next;
}

function onFileEvent(w: WorkerCache, file: string): void {
  const f = resolve(file);
  if (w.building) w.changedWhileBuilding.add(f);
  else if (w.files.has(f)) w.bundle = null;
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

/**
 * Vite plugin (dev server only): serves the embedded node worker as one self-contained classic script at
 * {@link devNodeWorkerPath}, so createSandboxedNodeWorker runs it in the sandbox iframe in dev as in the built app,
 * and answers 403 to requests from an opaque origin or from another site ({@link checkSandboxedRequest}).
 */
export function sandboxDevPlugin(): Plugin {
  return {
    name: 'tracer-sandbox-dev',
    apply: 'serve',
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
      // Bundled as soon as the server listens, so the first page load does not wait for it; the terminal says so.
      server.httpServer?.once('listening', () => {
        w.config.logger.info('[sandbox] bundling the embedded node worker…', { timestamp: true });
        currentBundle(w).catch(() => undefined);
      });
      server.middlewares.use(sandboxMiddleware(w));
    },
  };
}
