// Builds the command line once (`npm ci` runs it as the package's `prepare` script): esbuild compiles the TypeScript
// sources of src/cli/main.ts and what it imports into build/cli/ (one chunk per command, still loaded on demand;
// packages stay in node_modules), and writes manifest.json with every source it read and when. bin/tracer.mjs runs the
// build while no such source has changed since, and the sources through tsx otherwise, so an edit needs no rebuild.
import { build } from 'esbuild';
import { rmSync, statSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outdir = process.env.TRACER_CLI_BUILD_DIR ?? `${root}build/cli`;

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/cli/main.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});
const builtAt = Date.now();
const inputs = Object.keys(result.metafile.inputs).filter((file) => !file.startsWith('node_modules/'));
// The build is as old as its newest input: an input changed later (an edit) makes it stale.
const newest = Math.max(...inputs.map((file) => statSync(`${root}${file}`).mtimeMs));
writeFileSync(`${outdir}/manifest.json`, JSON.stringify({ builtAt, newest, inputs }, null, 1));
console.log(`tracer CLI built: ${inputs.length} sources → ${outdir}`);
