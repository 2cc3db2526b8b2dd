// StrykerJS configuration for `npm run mutate` (scripts/mutate.mjs). Not part of `npm test`: a full pass takes long
// on a 2-core machine, so every folder keeps its own incremental file (committed) and a rerun only tests what changed.
//
// `scripts/mutate.mjs` runs Stryker once per folder of `mutationFolders`, naming it in STRYKER_FOLDER (and a part of
// it in STRYKER_MUTATE): this file then gives that folder's files to mutate (minus `notMutated`), the tests that can
// kill its mutants, its incremental file and its report names. One incremental file per folder, not one for all:
// Stryker rewrites the incremental file with the results of the files it mutated in that run only, so a one-folder
// run would otherwise forget the other four. A plain `npx stryker run` (no STRYKER_FOLDER) mutates all five folders
// with all their tests in one run (reports/stryker-incremental/all.json, not committed).

import { createHash } from 'node:crypto';

/** The five folders under mutation testing, smallest first, and the tests that can kill their mutants. */
export const mutationFolders = {
  flatten: {
    src: 'src/core/flatten',
    tests: ['test/unit/flatten/**/*.test.ts', 'test/unit/es5/fastPath.test.ts'],
  },
  es5: {
    src: 'src/core/es5',
    tests: ['test/unit/es5/**/*.test.ts', 'test/unit/flatten/**/*.test.ts'],
  },
  rpc: {
    src: 'src/core/rpc',
    // Not probe.test.ts: it starts real ganache and hardhat nodes in beforeAll, which Stryker would redo for every
    // mutant it covers (a first pass estimated hours). The probe's logic is killed by probeDialect.test.ts and the
    // other probe tests against in-process nodes; mutants only probe.test.ts could kill show up as survivors.
    tests: ['test/unit/rpc/**/!(probe).test.ts'],
  },
  tracer: {
    src: 'src/core/tracer',
    // Not robustness.test.ts: it lints 1 MB tracers, which instrumented code takes over 30 s to do, for every mutant
    // of nearly every rule. It asserts no crash on huge input; the rules' own tables kill their mutants.
    tests: ['test/unit/tracer/**/!(robustness).test.ts'],
  },
  host: {
    src: 'src/evm/host',
    tests: ['test/unit/host/**/*.test.ts'],
    // Every host test imports the EVM (@ethereumjs) and both realms: with one module graph for all test files
    // (vitest's isolate: false, set through VITEST_ISOLATE by scripts/mutate.mjs) a mutant's test run takes about
    // half as long. The host tests pass that way (no test file depends on a fresh module state).
    isolate: false,
  },
};

/**
 * Files of those folders that are not mutated, each with the reason.
 * - Pure type declarations: no runtime code, so no mutant could be made or killed.
 * - realm/preludeSource.ts is realm text: one `String.raw` template holding the ES5 runtime that runs inside the
 *   tracer realm (log, db, ctx accessors). Stryker sees one string literal, and its only mutant (the empty string)
 *   breaks every trace at once; the code inside the text is never instrumented. Its behaviour is covered by the
 *   host tests (accessorBounds, accessors, realmParity) but is not measured here.
 */
export const notMutated = [
  'src/evm/host/syncStateReader.ts', // interface only
  'src/evm/host/realm/tracerRealm.ts', // types only
  'src/evm/host/realm/preludeSource.ts', // realm text (see above)
];

const folder = process.env.STRYKER_FOLDER ? mutationFolders[process.env.STRYKER_FOLDER] : undefined;
if (process.env.STRYKER_FOLDER && !folder)
  throw new Error(`STRYKER_FOLDER: no folder '${process.env.STRYKER_FOLDER}'`);
/** The longest glob slug kept whole in a run name (the name also gets `partial-` and `.json`). */
const maxSlugLength = 120;
/** A `--mutate` glob narrower than its folder: its own incremental file, so the folder's file keeps all of it. */
const part = folder ? process.env.STRYKER_MUTATE : undefined;
/**
 * The run name of a partial run (its incremental file and reports): named after the glob, so two partial runs at
 * once (two files of one folder) never share a file.
 */
export const partialRunName = (glob) => {
  const slug = glob.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  // File names are limited to 255 bytes (ENAMETOOLONG) and Stryker appends `.json`/`.html`: a long glob keeps a
  // readable head and a hash of the whole glob, so two different long globs still get two files.
  if (slug.length <= maxSlugLength) return `partial-${slug}`;
  const hash = createHash('sha256').update(glob).digest('hex').slice(0, 12);
  return `partial-${slug.slice(0, maxSlugLength - hash.length - 1)}-${hash}`;
};
const runName = part ? partialRunName(part) : folder ? process.env.STRYKER_FOLDER : 'all';
const folders = folder ? [folder] : Object.values(mutationFolders);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  $schema: './node_modules/@stryker-mutator/core/schema/stryker-schema.json',
  packageManager: 'npm',
  testRunner: 'vitest',
  // Stryker's own plugins, plus the patch that runs mutants covered by hundreds of tests (scripts/strykerLargeTestFilter.mjs).
  plugins: ['@stryker-mutator/*', './scripts/strykerLargeTestFilter.mjs'],
  // vite.config.ts's `test` block (include, timeouts); Stryker's runner forces one worker thread itself.
  vitest: { configFile: 'vite.config.ts' },
  coverageAnalysis: 'perTest',
  // The machine has 2 cores and is shared: one test runner process, never more.
  concurrency: 1,
  incremental: true,
  incrementalFile: `reports/stryker-incremental/${runName}.json`,
  mutate: [...(part ? [part] : folders.map((f) => `${f.src}/**/*.ts`)), ...notMutated.map((f) => `!${f}`)],
  // STRYKER_TESTS (`npm run mutate -- --tests GLOB`): a narrower list of test files, a JSON array of globs.
  testFiles: process.env.STRYKER_TESTS
    ? JSON.parse(process.env.STRYKER_TESTS)
    : [...new Set(folders.flatMap((f) => f.tests))],
  // Static mutants (module-level tables and constants) need a fresh module graph and every test of the folder for
  // each one (~10 s a mutant here); they are reported as Ignored and left out of the score. The message tables they
  // hold are asserted as exact texts by the unit tests instead.
  ignoreStatic: true,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  clearTextReporter: { allowColor: false, logTests: false, reportMutants: true, reportScoreTable: true },
  jsonReporter: { fileName: `reports/mutation/${runName}.json` },
  htmlReporter: { fileName: `reports/mutation/${runName}.html` },
  // The sandbox is a copy of the project: leave out build output, reports and scratch folders.
  ignorePatterns: [
    'dist',
    'dist-*',
    'test-results',
    'playwright-report',
    'reports',
    '.scratch',
    '.cache',
    'docs',
  ],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  timeoutMS: 4000,
  timeoutFactor: 1.5,
  thresholds: { high: 90, low: 85, break: null },
  // Equivalent mutants are marked where they are, with `// Stryker disable next-line <mutator>: <reason>`.
};
