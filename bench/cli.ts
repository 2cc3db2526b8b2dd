// The command line's start: `tracer check` of a 20-line template (the built CLI that `npm ci` makes, and the sources
// through tsx as after an edit) next to acorn's own command line parsing the same file, as whole processes, in
// interleaved rounds: medians with their spread, and each ratio as the median of the rounds' own ratios.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const file = 'tracer-templates/call.js';
// acorn's package exports no bin path: its directory, from its entry.
const acornBin = createRequire(import.meta.url)
  .resolve('acorn')
  .replace(/dist\/acorn\.js$/, 'bin/acorn');
const rounds = 9;

interface Command {
  name: string;
  args: string[];
  env?: Record<string, string>;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const ms = (t: number) => `${Math.round(t)} ms`;

function timeOnce(c: Command): number {
  const t0 = performance.now();
  execFileSync(process.execPath, c.args, { cwd: root, env: { ...process.env, ...c.env }, stdio: 'ignore' });
  return performance.now() - t0;
}

/** Runs the benchmark and returns printable lines. */
export async function runCliBench(): Promise<string[]> {
  // Built afresh: a build older than an edited source is not used (bin/tracer.mjs runs the sources then).
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { cwd: root, stdio: 'ignore' });
  // A tracer is an expression, not a program: acorn's command line parses it in the parentheses geth wraps it in.
  const wrapped = join(mkdtempSync(join(tmpdir(), 'bench-cli-')), 'call.js');
  writeFileSync(wrapped, `(${readFileSync(`${root}${file}`, 'utf8')}\n)`);
  const commands: Command[] = [
    { name: 'acorn (parse only)', args: [acornBin, '--ecma5', wrapped] },
    { name: 'tracer check (build)', args: ['bin/tracer.mjs', 'check', file] },
    // A build directory that does not exist: the sources through tsx, as before the build existed.
    {
      name: 'tracer check (sources)',
      args: ['bin/tracer.mjs', 'check', file],
      env: { TRACER_CLI_BUILD_DIR: '/nonexistent' },
    },
  ];
  const times = commands.map(() => [] as number[]);
  for (const c of commands) timeOnce(c); // warm the file cache
  for (let r = 0; r < rounds; r++) commands.forEach((c, i) => times[i].push(timeOnce(c)));
  return commands.map((c, i) => {
    const spread = `${ms(Math.min(...times[i]))}–${ms(Math.max(...times[i]))}`;
    const line = `${c.name.padEnd(24)} ${ms(median(times[i]))} (${spread})`;
    if (i === 0) return `${line}, ${rounds} rounds`;
    const ratios = times[i].map((t, r) => t / times[0][r]);
    return `${line}  ${median(ratios).toFixed(2)}x acorn (rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`;
  });
}
