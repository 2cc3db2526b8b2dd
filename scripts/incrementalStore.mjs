// Where each folder's Stryker incremental report is kept. Committed gzipped (FOLDER.json.gz: the JSON of a folder is
// 1–5 MB, its gzip a tenth of that); Stryker reads and writes the plain FOLDER.json next to it, which git ignores:
// `npm run mutate` unpacks it before a run and packs it again after a run that succeeded.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';

const dir = 'reports/stryker-incremental';

/** The plain report Stryker reads and writes for a folder (or a partial run's name), not committed. */
export const workingReportPath = (name) => `${dir}/${name}.json`;

/** The committed, gzipped report of a folder. */
export const packedReportPath = (name) => `${dir}/${name}.json.gz`;

/** The committed report of a folder, parsed, or undefined when the folder was never measured. */
export function readPackedReport(name) {
  const file = packedReportPath(name);
  return existsSync(file) ? JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) : undefined;
}

/** Writes the committed report out as the plain file Stryker reads (the committed one is the truth). */
export function unpackReport(name) {
  const file = packedReportPath(name);
  if (existsSync(file)) writeFileSync(workingReportPath(name), gunzipSync(readFileSync(file)));
}

/** Packs the plain report Stryker wrote into the committed file (gzip output has no timestamp: same input, same bytes). */
export function packReport(name) {
  writeFileSync(packedReportPath(name), gzipSync(readFileSync(workingReportPath(name)), { level: 9 }));
}
