// Pre-bundles the dev server's dependencies (Monaco, TypeScript, viem, the JSON viewer, ...) into Vite's cache once,
// at install (`npm ci` runs it from the package's `prepare` script), so the first `npm run dev` load of a fresh clone
// does not wait for it: without this, Vite scans and bundles them while the first page waits, 15-40 s on a busy
// 2-core machine. `npm run dev` checks the cache (lockfile and config hashes) and re-bundles only if they changed.
// A failure here is not an install failure: the dev server then bundles them itself, as it would without this.
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();

// The embedded node worker as the dev server serves it (one script, src/devserver/sandboxDevPlugin.ts), bundled now
// and kept in the same cache, so the first start does not bundle it while the first page loads. Its own failure
// leaves it to the dev server too.
async function keepNodeWorkerBundle(config) {
  const t0 = performance.now();
  try {
    const plugin = config.plugins.find((p) => p.name === 'tracer-sandbox-dev');
    if (!plugin?.api?.keepNodeWorkerBundle)
      throw new Error('the sandbox dev plugin is not in the Vite config');
    const bundle = await plugin.api.keepNodeWorkerBundle(config);
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    const saved = bundle.kept || (await bundle.saved);
    console.log(
      bundle.kept
        ? `The embedded node worker bundle in ${config.cacheDir} is current (${seconds} s).`
        : `Bundled the embedded node worker for the dev server in ${seconds} s${saved ? '' : ' (could not keep it)'}.`,
    );
  } catch (e) {
    console.warn(
      `Could not bundle the embedded node worker (npm run dev will do it on start): ${e?.message ?? e}`,
    );
  }
}

try {
  // Imported here: an install without dev dependencies (no Vite, no dev server) ends up in the catch below.
  const { createLogger, optimizeDeps, resolveConfig } = await import('vite');
  // The same optimizer `npm run dev` runs on start (Vite's deprecated `vite optimize` command calls it too); its
  // deprecation note says only that the dev server would do this on its own, which is what this avoids, so it is
  // not shown at every install.
  const logger = createLogger('warn');
  const warn = logger.warn;
  logger.warn = (msg, options) => {
    if (!msg.includes('manually calling optimizeDeps is deprecated')) warn(msg, options);
  };
  console.log(
    'Pre-bundling the dev server dependencies (Monaco, TypeScript, ...) for a fast first `npm run dev`…',
  );
  const config = await resolveConfig(
    { root, customLogger: logger, logLevel: 'warn' },
    'serve',
    'development',
  );
  const metadata = await optimizeDeps(config);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Pre-bundled ${Object.keys(metadata.optimized).length} dependencies into ${config.cacheDir} in ${seconds} s.`,
  );
  await keepNodeWorkerBundle(config);
} catch (e) {
  console.warn(
    `Could not pre-bundle the dev server dependencies (npm run dev will do it on its first start): ${e?.message ?? e}`,
  );
}
