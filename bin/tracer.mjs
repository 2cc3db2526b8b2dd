#!/usr/bin/env node
// Entry of the `tracer` command. Runs the build that `npm ci` made (scripts/build-cli.mjs: JavaScript compiled once)
// while none of the sources it was built from changed since; otherwise, or without a build, compiles the TypeScript
// sources through tsx on this start, so edited sources always run as they are.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const buildDir = process.env.TRACER_CLI_BUILD_DIR ?? `${root}build/cli`;

/** The built entry's URL when the build is there and no source it read is newer than it was then; else undefined. */
function freshBuild() {
  try {
    const { newest, inputs } = JSON.parse(readFileSync(`${buildDir}/manifest.json`, 'utf8'));
    for (const file of inputs) if (statSync(`${root}${file}`).mtimeMs > newest) return undefined;
    return pathToFileURL(`${buildDir}/main.js`).href;
  } catch {
    return undefined;
  }
}

const built = freshBuild();
let main;
if (built) ({ main } = await import(built));
else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
}
if (process.env.TRACER_CLI_SAY_ENTRY)
  process.stderr.write(`tracer: running ${built ? 'the build' : 'the sources'}\n`);
process.exitCode = await main(process.argv.slice(2));
