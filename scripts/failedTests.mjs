// Names the tests that failed, from the JSON reports of vitest and Playwright, one line each, so that the last lines
// of a long CI log say which test failed (the log's middle is often cut when it is shown).

/** First line of a failure message, without terminal colour codes, at most 200 characters. */
function firstLine(message) {
  const plain = String(message ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/\u001b\[[0-9;]*m/g, '')
    .trim();
  const line = plain.split('\n')[0] ?? '';
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

/**
 * The failed tests of a vitest JSON report (`--reporter=json`): a failed test as `file > full name: message`, a file
 * that failed without a failed test (an import error, an unhandled error) as `file: message`.
 */
export function vitestFailures(report, root = '') {
  const out = [];
  for (const file of report?.testResults ?? []) {
    const name =
      root && file.name.startsWith(root) ? file.name.slice(root.length).replace(/^\//, '') : file.name;
    const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) out.push(`${name} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    if (failed.length === 0 && file.status === 'failed') out.push(`${name}: ${firstLine(file.message)}`);
  }
  return out;
}

/** The unexpected (failed or timed-out) tests of a Playwright JSON report, as `file:line › title: message`. */
export function playwrightFailures(report) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected') continue;
        const last = test.results?.at(-1);
        const message = last?.error?.message ?? last?.errors?.[0]?.message ?? last?.status;
        out.push(`${spec.file}:${spec.line} › ${spec.title}: ${firstLine(message)}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  for (const e of report?.errors ?? []) out.push(`Playwright: ${firstLine(e.message)}`);
  return out;
}
