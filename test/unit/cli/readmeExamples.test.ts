import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../helpers/freePort.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** The command lines of the sh block in the README's "Command line" section, continuation lines joined. */
function cliExamples(): string[] {
  const section = readme.slice(readme.indexOf('## Command line'), readme.indexOf('### `serve` security'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1];
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .filter((l) => l.trim());
}

const examples = cliExamples();
const serveLine = examples.find((l) => / serve /.test(l))!;
const dir = mkdtempSync(join(tmpdir(), 'readme-cli-'));

describe("the README's command-line examples, run as written", () => {
  let port: number;
  let serve: ChildProcess;
  let out = '';
  /** The line with the test's port and a temporary file instead of tx.json. */
  const local = (line: string) =>
    line.replaceAll('8545', String(port)).replaceAll(' tx.json', ` ${join(dir, 'tx.json')}`);

  beforeAll(async () => {
    port = await freePort();
    expect(serveLine).toMatch(/^npm run --silent tracer -- serve --port 8545 &$/);
    // npm leads its own process group here, so the cleanup can reach all of it.
    serve = spawn('sh', ['-c', `exec ${local(serveLine).replace(/ &$/, '')}`], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    serve.stdout!.on('data', (d) => (out += d));
    for (let t = 0; !out.includes('listening') && t < 30_000; t += 50)
      await new Promise((r) => setTimeout(r, 50));
    expect(out).toContain(`listening on http://127.0.0.1:${port}`);
  }, 40_000);
  afterAll(async () => {
    if (!serve?.pid) return;
    const closed = new Promise((r) => serve.once('close', r));
    process.kill(-serve.pid, 'SIGINT');
    await closed;
  });

  it('has the lines this test expects', () => {
    expect(examples.map((l) => l.split(' ')[5])).toEqual([
      'check',
      'serve',
      'demo',
      'send',
      'capture',
      'replay',
      'help',
    ]);
  });

  it.each(examples.filter((l) => l !== serveLine))(
    '%s',
    async (line) => {
      const { stdout, stderr } = await run('sh', ['-c', local(line)], { cwd: root });
      // capture says on stderr where the pre-state and the signed transaction came from (the served node's own).
      const sourceLine =
        /^tracer capture: prestate from the node's prestateTracer: \d+ accounts, \d+ slots; signed transaction from eth_getRawTransactionByHash\n/m;
      const said = stderr.replace(/^npm warn .*\n/gm, '');
      expect(line.includes(' capture ') ? said.replace(sourceLine, '') : said).toBe('');
      const printed = line.includes('> tx.json') ? readFileSync(join(dir, 'tx.json'), 'utf8') : stdout;
      expect(printed.trim().length).toBeGreaterThan(0);
      const command = line.split(' ')[5];
      if (['send', 'capture', 'replay'].includes(command)) {
        const result = JSON.parse(printed);
        expect(result).not.toBeNull();
        expect(Object.keys(result).length, 'a non-empty result').toBeGreaterThan(0);
      }
      if (command === 'send') {
        // A step tracer (opcode histogram) sees the opcodes the transaction runs.
        const counts = JSON.parse(stdout) as Record<string, number>;
        for (const op of ['CALL', 'DELEGATECALL', 'STATICCALL', 'CREATE', 'CREATE2', 'SSTORE'])
          expect(counts[op], op).toBeGreaterThan(0);
      }
      if (command === 'demo') {
        // The hash the README traces is a transaction the demo lists.
        const hash = /0x[0-9a-f]{64}/.exec(examples.find((l) => l.includes(' send '))!)![0];
        expect(stdout).toMatch(new RegExp(`^  ${hash}  #\\d+ `, 'm'));
      }
    },
    60_000,
  );
});

/** The sh block of the README's "Trace on any node" section. */
function traceOnAnyNodeBlock(): string {
  const section = readme.slice(readme.indexOf('## Trace on any node'), readme.indexOf('## Templates'));
  return /```sh\n([\s\S]*?)```/.exec(section)![1];
}

describe('the README\'s "Trace on any node" commands, run as written against anvil', () => {
  it('start anvil, send a transfer, replay it by hash with call-tree.js, stop anvil', async () => {
    const block = traceOnAnyNodeBlock();
    expect(block).toContain('bin/anvil --port 8546');
    expect(block).toContain('replay --endpoint http://127.0.0.1:8546 --tx "$HASH"');
    expect(block).toContain('serve --port 8547 --upstream http://127.0.0.1:8546');
    const port = String(await freePort());
    const servePort = String(await freePort());
    // Its own process group (anvil included), so that whatever is left is killed by that pid.
    const script = spawn('sh', ['-e', '-c', block.replaceAll('8546', port).replaceAll('8547', servePort)], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    script.stdout!.on('data', (d) => (stdout += d));
    script.stderr!.on('data', (d) => (stderr += d));
    try {
      const code = await new Promise((r) => script.once('close', r));
      expect(code, stderr).toBe(0);
    } finally {
      try {
        process.kill(-script.pid!, 'SIGKILL');
      } catch {
        // All of it ended.
      }
    }
    // replay's indented result, then serve --upstream's one-line JSON-RPC answer to curl: the same call tree.
    const cut = stdout.trimEnd().lastIndexOf('\n');
    const replayed = JSON.parse(stdout.slice(0, cut)) as unknown;
    expect(replayed).toMatchObject({
      type: 'CALL',
      from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      to: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      value: '0x1',
      gasUsed: '0x5208',
    });
    expect(JSON.parse(stdout.slice(cut + 1))).toEqual({ jsonrpc: '2.0', id: 1, result: replayed });
    // replay's --stats line, then serve saying it stops as its npm run ends.
    expect(stderr.replace(/^npm warn .*\n/gm, '')).toMatch(
      /^block 1 transaction #0, \w+ \(from .*\), state from prestateTracer: \d+ round trips .* runs, \d+ ms\n(.*; stopping\n)?$/,
    );
  }, 120_000);
});
