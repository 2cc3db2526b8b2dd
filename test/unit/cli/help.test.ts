import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands, main } from '../../../src/cli/main.ts';
import {
  commandSpecs,
  exampleEndpoint,
  formatCommandHelp,
  formatUsage,
  wantsHelp,
} from '../../../src/cli/commandSpecs.ts';
import { freePort } from '../../helpers/freePort.ts';
import { createCaptureIo } from './cliIo.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));

async function cli(argv: string[]) {
  const io = createCaptureIo();
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
}

const names = commandSpecs.map((c) => c.name);
const spec = (name: string) => commandSpecs.find((c) => c.name === name)!;

describe('tracer help', () => {
  it('has a spec for every command it runs, and nothing else', () => {
    expect([...Object.keys(commands), 'help'].sort()).toEqual([...names].sort());
  });

  it.each(
    names.flatMap((name) =>
      [
        ['help', name],
        [name, '--help'],
        [name, '-h'],
      ].map((argv) => [name, argv]),
    ),
  )('%s: %j prints its help and exits 0', async (name, argv) => {
    const r = await cli(argv as string[]);
    expect(r).toEqual({ code: 0, out: formatCommandHelp(spec(name as string)), err: '' });
  });

  it.each(names)('%s: usage, a description, every option on one line, an example', (name) => {
    const s = spec(name);
    const text = formatCommandHelp(s);
    expect(text.startsWith(`usage: tracer ${name}`)).toBe(true);
    expect(s.description.length).toBeGreaterThan(20);
    for (const o of s.options) {
      const line = text.split('\n').find((l) => l.startsWith(`  --${o.name}${o.arg ? ` ${o.arg}` : ''}`));
      expect(line, `--${o.name}`).toBeDefined();
      expect(line!.trim().length).toBeGreaterThan(`--${o.name}`.length + 10);
    }
    // Every option the usage line names is one the command accepts.
    for (const [, option] of s.synopsis.matchAll(/--([a-z-]+)/g))
      expect(s.options.map((o) => o.name)).toContain(option);
    expect(s.examples.length).toBeGreaterThan(0);
    for (const e of s.examples) expect(text).toContain(`\n  ${e}\n`);
  });

  it.each(names.filter((n) => n !== 'help'))(
    '%s parses exactly the options its help lists (an unknown one names the help)',
    async (name) => {
      expect(await cli([name, '--no-such-option'])).toEqual({
        code: 2,
        out: '',
        err: `tracer ${name}: unknown option --no-such-option; tracer ${name} --help lists the options\n`,
      });
    },
  );

  it.each([
    [['payload', '--methd', 'x'], 'tracer payload: unknown option --methd; did you mean --method?\n'],
    [['serve', '--prot', '1'], 'tracer serve: unknown option --prot; did you mean --port?\n'],
  ])('%j suggests the option meant', async (argv, err) => {
    expect(await cli(argv)).toEqual({ code: 2, out: '', err });
  });

  it.each([
    [['--params', '-h'], false],
    [['--params=-h', '-h'], true],
    [['-', '--no-flatten', '--help'], true],
    [['--user', '--help'], false],
    [['x.js', '-h'], true],
    [[], false],
  ])('send %j asks for help: %s', (args, expected) => {
    expect(wantsHelp(args, spec('send'))).toBe(expected);
  });

  it.each([
    [[], 2, '', formatUsage()],
    [['help'], 0, formatUsage(), ''],
    [['--help'], 0, formatUsage(), ''],
    [['-h'], 0, formatUsage(), ''],
    [['bogus'], 2, '', `tracer: unknown command 'bogus'; the commands: ${names.join(', ')}\n`],
    [['help', 'bogus'], 2, '', `tracer help: unknown command 'bogus'; the commands: ${names.join(', ')}\n`],
    [['help', 'send', 'probe'], 2, '', `tracer help: give one COMMAND; the commands: ${names.join(', ')}\n`],
  ])('tracer %j → exit %i', async (argv, code, out, err) => {
    expect(await cli(argv)).toEqual({ code, out, err });
  });

  it('the command list names every command with its summary', () => {
    for (const s of commandSpecs)
      expect(formatUsage()).toMatch(new RegExp(`^  ${s.name} +${escape(s.summary)}$`, 'm'));
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every example of every command, run as written (a real `tracer serve` from serve's own example answers them). */
describe('the help examples return something', () => {
  let port: number;
  let serve: ChildProcess;
  let serveOut = '';
  const local = (example: string) =>
    example
      .replace(/(^|\| )tracer /g, '$1node bin/tracer.mjs ')
      .replaceAll(exampleEndpoint, `http://127.0.0.1:${port}`)
      .replace(/--port 8545\b/, `--port ${port}`);

  beforeAll(async () => {
    port = await freePort();
    const [example] = spec('serve').examples;
    serve = spawn('sh', ['-c', `exec ${local(example)}`], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    serve.stdout!.on('data', (d) => (serveOut += d));
    for (let t = 0; !serveOut.includes('listening') && t < 30_000; t += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(serveOut).toContain(`listening on http://127.0.0.1:${port}`);
  }, 40_000);
  afterAll(async () => {
    if (!serve?.pid) return;
    const closed = new Promise((r) => serve.once('close', r));
    process.kill(serve.pid, 'SIGTERM');
    await closed;
  });

  const examples = commandSpecs.flatMap((s) =>
    s.name === 'serve' ? [] : s.examples.map((e) => [s.name, e] as const),
  );
  it.each(examples)(
    '%s: %s',
    async (name, example) => {
      const { stdout, stderr } = await run('sh', ['-c', local(example)], { cwd: root });
      // capture says on stderr where the pre-state and the signed transaction came from (the served node's own).
      const sourceLine =
        /^tracer capture: prestate from the node's prestateTracer: \d+ accounts, \d+ slots; signed transaction from eth_getRawTransactionByHash\n/;
      expect(example.includes('tracer capture ') ? stderr.replace(sourceLine, '') : stderr).toBe('');
      expect(stdout.trim().length).toBeGreaterThan(0);
      if (['payload', 'send', 'replay', 'capture'].includes(name)) {
        const value = JSON.parse(stdout);
        expect(Object.keys(value).length).toBeGreaterThan(0);
      }
      if (name === 'probe')
        expect(stdout).toMatch(
          /^JS tracing: supported — behaves like geth\nclient: TracerPlayground\/\S+ \(tracer-playground\)\n/,
        );
      if (name === 'check') expect(stdout).toBe('tracer-templates/call.js: no problems (20 lines, ES5.1)\n');
    },
    60_000,
  );
});
