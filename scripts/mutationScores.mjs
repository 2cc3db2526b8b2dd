// Prints the mutation score per folder from Stryker's reports: the committed incremental files
// (reports/stryker-incremental/FOLDER.json.gz, the full report of each folder's last run), so it works on a fresh clone.
//
//   node scripts/mutationScores.mjs              the table
//   node scripts/mutationScores.mjs --survivors  and every surviving / uncovered mutant, per file
//   node scripts/mutationScores.mjs --markdown   the table as Markdown (the README's)
//
// Score as Stryker counts it: (killed + timeout) / (killed + timeout + survived + no coverage). Ignored mutants
// (static ones, `// Stryker disable` with its reason) and compile/runtime errors are not counted; errors are shown, as a
// file with many of them (a crashed test runner) was not really measured and needs a rerun.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mutationFolders, notMutated } from '../stryker.config.mjs';
import { packedReportPath, readPackedReport } from './incrementalStore.mjs';

/** The files of a folder Stryker mutates (as in stryker.config.mjs: every .ts file but the `notMutated` ones). */
const filesToMutate = (src) =>
  readdirSync(src, { recursive: true })
    .map((p) => `${src}/${p}`)
    .filter((p) => p.endsWith('.ts') && !notMutated.includes(p));

const showSurvivors = process.argv.includes('--survivors');
const markdown = process.argv.includes('--markdown');

const rows = [];
const survivors = [];
for (const [name, f] of Object.entries(mutationFolders)) {
  const report = readPackedReport(name);
  if (!report) {
    rows.push({ name, src: f.src, measured: false });
    continue;
  }
  const c = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, other: 0 };
  const errorFiles = [];
  for (const [path, fr] of Object.entries(report.files)) {
    if (!path.startsWith(f.src + '/')) continue;
    const before = c.other;
    for (const m of fr.mutants) {
      if (m.status in c) c[m.status]++;
      else c.other++;
      if (m.status === 'Survived' || m.status === 'NoCoverage') {
        const line = fr.source.split('\n')[m.location.start.line - 1] ?? '';
        survivors.push({ path, m, line: line.trim() });
      }
    }
    if (c.other > before) errorFiles.push({ path, errors: c.other - before });
  }
  const detected = c.Killed + c.Timeout;
  const valid = detected + c.Survived + c.NoCoverage;
  // A folder measured a file at a time (`--mutate FILE`, merged) may not have all its files yet.
  const missing = filesToMutate(f.src).filter((p) => !(p in report.files));
  rows.push({
    name,
    src: f.src,
    measured: true,
    missing,
    errorFiles,
    ...c,
    score: valid ? (100 * detected) / valid : NaN,
  });
}

const pct = (r) =>
  (Number.isNaN(r.score) ? 'n/a' : `${r.score.toFixed(1)} %`) +
  (r.missing.length ? ` (${r.missing.length} files not measured yet)` : '');
/** The commit (and its date) that last wrote a folder's incremental file: the source and tests it measured. */
function measuredAt(name) {
  const file = packedReportPath(name);
  const r = spawnSync('git', ['log', '-1', '--format=%h %cs', '--', file], { encoding: 'utf8' });
  const dirty = spawnSync('git', ['status', '--porcelain', '--', file], { encoding: 'utf8' }).stdout.trim();
  return dirty || !r.stdout.trim() ? 'not committed' : `\`${r.stdout.trim().replace(' ', '`, ')}`;
}

if (markdown) {
  console.log(
    '| folder | score | killed | timeout | survived | no coverage | ignored | errors | measured at |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    if (!r.measured) console.log(`| \`${r.src}\` | not measured yet | | | | | | | |`);
    else
      console.log(
        `| \`${r.src}\` | ${pct(r)} | ${r.Killed} | ${r.Timeout} | ${r.Survived} | ${r.NoCoverage} | ${r.Ignored} | ${r.other} | ${measuredAt(r.name)} |`,
      );
  }
} else {
  console.log('\nmutation score per folder (killed + timeout) / (killed + timeout + survived + no coverage)');
  for (const r of rows) {
    if (!r.measured) console.log(`  ${r.src.padEnd(18)} not measured yet (npm run mutate -- ${r.name})`);
    else {
      console.log(
        `  ${r.src.padEnd(18)} ${pct(r).padStart(7)}  killed ${r.Killed}, timeout ${r.Timeout}, survived ${r.Survived}, no coverage ${r.NoCoverage}, ignored ${r.Ignored}, errors ${r.other}`,
      );
      for (const p of r.missing)
        console.log(`      not measured yet: ${p} (npm run mutate -- --mutate '${p}')`);
      for (const { path, errors } of r.errorFiles)
        console.log(
          `      ${errors} compile/runtime errors: ${path} (rerun: npm run mutate -- --mutate '${path}')`,
        );
    }
  }
}
if (showSurvivors) {
  let last = '';
  for (const { path, m, line } of survivors) {
    if (path !== last) console.log(`\n${path}`);
    last = path;
    const repl = (m.replacement ?? '').replace(/\s+/g, ' ').slice(0, 60);
    console.log(
      `  ${m.location.start.line}:${m.location.start.column} ${m.status} ${m.mutatorName} → ${repl}`,
    );
    console.log(`      ${line.slice(0, 110)}`);
  }
}
