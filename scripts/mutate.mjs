// `npm run mutate [-- FOLDER… | --mutate GLOB] [-- stryker options]`: mutation testing with StrykerJS, one folder
// at a time (stryker.config.mjs lists them), then the score per folder (scripts/mutationScores.mjs).
//
//   npm run mutate                                        all five folders, smallest first
//   npm run mutate -- flatten es5                         those folders
//   npm run mutate -- --mutate 'src/core/es5/**/*.ts'     the folder that glob is in (or a part of it)
//   npm run mutate -- rpc --force                         extra options go to `stryker run` (--force: ignore the
//                                                         incremental file and test every mutant again)
//   npm run mutate -- --mutate 'src/evm/host/gethDynamicGas.ts' --tests 'test/unit/host/!(realmIsolation).test.ts'
//                                                         only these test files (repeatable) instead of the folder's:
//                                                         faster when the left-out files are slow and cannot kill
//                                                         the file's mutants; a test left out can only turn a
//                                                         killed mutant into a survivor, never the reverse, so the
//                                                         score stays a lower bound
//
// Each folder has its own incremental file, reports/stryker-incremental/FOLDER.json.gz (committed gzipped; Stryker
// works on the plain FOLDER.json, scripts/incrementalStore.mjs), so a rerun only
// tests mutants whose code or tests changed; reports/mutation/FOLDER.html and .json are the full reports (ignored by
// git). A --mutate glob narrower than its folder runs on reports/stryker-incremental/partial-GLOB.json (ignored by
// git): it starts as a copy of the folder's file (so what the folder's file already knows is not tested again), and
// when the run succeeds its files are merged back into the folder's file (scripts/mergeIncremental.mjs). So a folder
// can be measured a file at a time, and two files of one folder can run at once.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync } from 'node:fs';
// Node's own glob matcher (experimental in Node 20, hence --disable-warning in package.json's script).
import { matchesGlob } from 'node:path';
import { mutationFolders, partialRunName } from '../stryker.config.mjs';
import { packReport, unpackReport, workingReportPath } from './incrementalStore.mjs';
import { mergeIncrementalFile } from './mergeIncremental.mjs';

const args = process.argv.slice(2);
const folders = [];
const passThrough = [];
let mutateGlob;
const testGlobs = [];
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--mutate' || a === '-m') mutateGlob = args[++i];
  else if (a.startsWith('--mutate=')) mutateGlob = a.slice('--mutate='.length);
  else if (a === '--tests') testGlobs.push(args[++i]);
  else if (a.startsWith('--tests=')) testGlobs.push(a.slice('--tests='.length));
  else if (Object.hasOwn(mutationFolders, a)) folders.push(a);
  else if (a.startsWith('-')) {
    // a Stryker option, and its value when the next word is neither an option nor a folder (--logLevel debug)
    passThrough.push(a);
    const next = args[i + 1];
    if (next !== undefined && !next.startsWith('-') && !Object.hasOwn(mutationFolders, next))
      passThrough.push(args[++i]);
  } else {
    console.error(`mutate: unknown folder '${a}' (one of: ${Object.keys(mutationFolders).join(', ')})`);
    process.exit(2);
  }
}

if (testGlobs.some((g) => g === undefined || g === '')) {
  console.error('mutate: --tests needs a glob of test files');
  process.exit(2);
}
if (mutateGlob !== undefined) {
  const owner = Object.entries(mutationFolders).find(([, f]) => mutateGlob.startsWith(f.src + '/'));
  if (!owner) {
    console.error(
      `mutate: --mutate '${mutateGlob}' is not inside ${Object.values(mutationFolders)
        .map((f) => f.src)
        .join(', ')}`,
    );
    process.exit(2);
  }
  if (folders.length > 0 && !(folders.length === 1 && folders[0] === owner[0])) {
    console.error(`mutate: --mutate '${mutateGlob}' is in ${owner[0]}; name no other folder with it`);
    process.exit(2);
  }
  folders.splice(0, folders.length, owner[0]);
}
if (folders.length === 0) folders.push(...Object.keys(mutationFolders));

let failed = 0;
for (const name of folders) {
  const f = mutationFolders[name];
  const whole = mutateGlob === undefined || mutateGlob === `${f.src}/**/*.ts` || mutateGlob === `${f.src}/**`;
  const tests = testGlobs.length > 0 ? testGlobs : f.tests;
  console.log(`\nmutate: ${name} (${whole ? f.src : mutateGlob}), tests ${tests.join(' ')}`);
  const env = { ...process.env, STRYKER_FOLDER: name };
  if (testGlobs.length > 0) env.STRYKER_TESTS = JSON.stringify(testGlobs);
  else delete env.STRYKER_TESTS;
  // vite.config.ts reads it: test files share one module graph instead of importing it again per file.
  if (f.isolate === false) env.VITEST_ISOLATE = 'false';
  if (whole) delete env.STRYKER_MUTATE;
  else env.STRYKER_MUTATE = mutateGlob;
  unpackReport(name);
  const folderFile = workingReportPath(name);
  const partialFile = whole ? undefined : workingReportPath(partialRunName(mutateGlob));
  if (partialFile && existsSync(folderFile)) copyFileSync(folderFile, partialFile);
  const r = spawnSync('npx', ['stryker', 'run', ...passThrough], { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`mutate: stryker run for ${name} exited with ${r.status ?? r.signal}`);
    failed++;
  } else if (partialFile) {
    // Only the files the glob names: the partial report's other files are the folder's as they were at the start.
    mergeIncrementalFile(folderFile, partialFile, (p) => matchesGlob(p, mutateGlob));
    packReport(name);
    console.log(`mutate: merged the results for ${mutateGlob} into ${folderFile}.gz`);
  } else packReport(name);
}

spawnSync('node', ['scripts/mutationScores.mjs'], { stdio: 'inherit' });
process.exit(failed > 0 ? 1 : 0);
