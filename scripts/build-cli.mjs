// Builds the command line once (`npm ci` runs it as the package's `prepare` script): esbuild compiles the TypeScript
// sources of src/cli/main.ts and what it imports into build/cli/ (one chunk per command, still loaded on demand), plus
// the trace process's entry (traceChild.js, forked by forkTraceChild with no TypeScript loader), and writes
// manifest.json with every source it read and when. The packages go into the chunks too (resolving and reading a few
// hundred files of @ethereumjs and @noble took a trace process's start longer than running them), all but those
// that find files of their own at run time or are loaded apart (below); package-lock.json counts as a source, so an
// install that changes packages makes the build stale until `npm ci` builds it again. bin/tracer.mjs runs the
// build while no such source has changed since, and the sources through tsx otherwise, so an edit needs no rebuild.
// The demo chain goes into the build as data: the sources build it here once (through tsx) and
// src/evm/node/builtDemoSnapshot.ts is replaced by its snapshot, so a built `tracer serve` and its trace processes
// restore it in a few ms instead of executing its blocks on every start.
import { build } from 'esbuild';
import { tsImport } from 'tsx/esm/api';
import { rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = process.env.TRACER_CLI_BUILD_DIR ?? `${root}build/cli`;

/** The demo chain's snapshot as the sources build it now, as JSON. */
async function demoSnapshotJson() {
  const url = new URL('../src/evm/node/', import.meta.url);
  const { buildDemoChain } = await tsImport(`${url}buildDemoChain.ts`, import.meta.url);
  const { snapshotDemoChain } = await tsImport(`${url}demoChainSnapshot.ts`, import.meta.url);
  return JSON.stringify(snapshotDemoChain(await buildDemoChain()));
}

/** esbuild plugin: builtDemoSnapshot.ts exports the snapshot (JSON.parse of a string parses faster than a literal). */
function demoSnapshotPlugin(json) {
  return {
    name: 'demo-chain-snapshot',
    setup(b) {
      b.onLoad({ filter: /[\\/]src[\\/]evm[\\/]node[\\/]builtDemoSnapshot\.ts$/ }, () => ({
        contents: `export const builtDemoSnapshot = JSON.parse(${JSON.stringify(json)});\n`,
        loader: 'js',
      }));
    },
  };
}

const snapshotJson = await demoSnapshotJson();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/cli/main.ts', traceChild: 'src/cli/serve/traceChildMain.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // ws: optional native add-ons required in try blocks; @jitl/quickjs and tsx: loaded apart, by path or as loaders.
  // `?raw`: the browser's bundler's text imports (defaultRealmFactory), never reached from the command line.
  external: ['bufferutil', 'utf-8-validate', 'tsx', 'typescript', '@jitl/*', 'quickjs-emscripten*', '*?raw'],
  // Packages written as CommonJS call require(): the chunks are ES modules, so they get one.
  banner: {
    js: "import { createRequire as __cliCreateRequire } from 'node:module'; const require = __cliCreateRequire(import.meta.url);",
  },
  plugins: [demoSnapshotPlugin(snapshotJson)],
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
const builtAt = Date.now();
const inputs = [
  ...Object.keys(result.metafile.inputs).filter((file) => !file.includes('node_modules/')),
  'package-lock.json',
];
// The build is as old as its newest input: an input changed later (an edit) makes it stale.
const newest = Math.max(...inputs.map((file) => statSync(`${root}${file}`).mtimeMs));
writeFileSync(`${outdir}/manifest.json`, JSON.stringify({ builtAt, newest, inputs }, null, 1));
console.log(`tracer CLI built: ${inputs.length} sources → ${outdir}`);
