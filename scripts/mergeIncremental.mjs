// Merges the incremental report of a partial Stryker run (`npm run mutate -- --mutate FILE`) into its folder's
// incremental report, so a folder can be measured a file at a time (and a run that is stopped loses only the file
// it was on). Stryker itself rewrites an incremental file with the files of its own run only, and numbers tests and
// mutants from 0 in every run, so the two reports cannot simply be joined:
// - files: the files the partial run mutated (those its glob matches) replace the folder's; the folder's other files
//   stay. The partial report also carries the folder's other files (it started as a copy of the folder's file), but
//   their entries may be older than the folder's by now: another partial run may have merged since.
// - test files: the partial run's copy of a test file (the newer source) wins. Tests get new ids; a mutant's
//   coveredBy/killedBy are carried over through the test's identity (file and name), which is also how Stryker's
//   incremental differ matches tests between runs.
// - A folder mutant that names a test in a test file whose source changed between the two runs loses that
//   reference, so Stryker cannot reuse a kill by a test that may have changed: it tests that mutant again.
import {
  existsSync,
  openSync,
  closeSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';

/**
 * The folder report with the partial report's files in it (a new object; neither input is changed).
 * @param {object | undefined} folder the folder's incremental report, or undefined when there is none yet
 * @param {object} partial the partial run's incremental report
 * @param {(path: string) => boolean} [mutated] the source files the partial run mutated (default: all it has)
 */
export function mergeIncrementalReports(folder, partial, mutated = () => true) {
  if (!folder) return structuredClone(partial);
  const taken = Object.keys(partial.files).filter((p) => mutated(p));
  const testFiles = {};
  const idsByRun = { folder: new Map(), partial: new Map() };
  let nextTestId = 0;
  const changedTestFiles = new Set();
  const keyOf = (file, test) => `${file}\u0000${test.name}`;
  const newIdByKey = new Map();
  const take = (run, file, tf) => {
    const tests = tf.tests.map((t) => {
      const key = keyOf(file, t);
      let id = newIdByKey.get(key);
      if (id === undefined) newIdByKey.set(key, (id = String(nextTestId++)));
      idsByRun[run].set(t.id, id);
      return { ...t, id };
    });
    testFiles[file] = { ...tf, tests };
  };
  const folderTests = folder.testFiles ?? {};
  const partialTests = partial.testFiles ?? {};
  for (const [file, tf] of Object.entries(partialTests)) take('partial', file, tf);
  for (const [file, tf] of Object.entries(folderTests)) {
    if (!(file in partialTests)) {
      take('folder', file, tf);
      continue;
    }
    if (tf.source !== partialTests[file].source) changedTestFiles.add(file);
    // The folder's ids of a test file both runs have: map them to the partial copy's tests by identity.
    for (const t of tf.tests) {
      const id = newIdByKey.get(keyOf(file, t));
      if (id !== undefined && !changedTestFiles.has(file)) idsByRun.folder.set(t.id, id);
    }
  }
  const mapIds = (run, ids) =>
    (ids ?? []).map((id) => idsByRun[run].get(id)).filter((id) => id !== undefined);

  const files = {};
  let nextMutantId = 0;
  const copyFile = (run, path, fr) => {
    files[path] = {
      ...fr,
      mutants: fr.mutants.map((m) => ({
        ...m,
        id: String(nextMutantId++),
        ...(m.coveredBy ? { coveredBy: mapIds(run, m.coveredBy) } : {}),
        ...(m.killedBy ? { killedBy: mapIds(run, m.killedBy) } : {}),
      })),
    };
  };
  for (const [path, fr] of Object.entries(folder.files))
    if (!taken.includes(path)) copyFile('folder', path, fr);
  for (const path of taken) copyFile('partial', path, partial.files[path]);
  const sorted = Object.fromEntries(
    Object.keys(files)
      .sort()
      .map((p) => [p, files[p]]),
  );
  return { ...folder, ...partial, files: sorted, testFiles };
}

/**
 * Merges the report at `partialPath` into the one at `folderPath` (written atomically, one merge at a time).
 * @param {string} folderPath
 * @param {string} partialPath
 * @param {(path: string) => boolean} [mutated] the source files the partial run mutated
 */
export function mergeIncrementalFile(folderPath, partialPath, mutated) {
  const lock = `${folderPath}.lock`;
  let fd;
  for (let tries = 0; fd === undefined; tries++) {
    try {
      fd = openSync(lock, 'wx');
    } catch (e) {
      if (e.code !== 'EEXIST' || tries > 600) throw e;
      // Another partial run of this folder is merging; wait for it (a merge takes well under a second).
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  }
  try {
    const folder = existsSync(folderPath) ? JSON.parse(readFileSync(folderPath, 'utf8')) : undefined;
    const merged = mergeIncrementalReports(folder, JSON.parse(readFileSync(partialPath, 'utf8')), mutated);
    writeFileSync(`${folderPath}.tmp`, JSON.stringify(merged, null, 2));
    renameSync(`${folderPath}.tmp`, folderPath);
  } finally {
    closeSync(fd);
    unlinkSync(lock);
  }
}
