import { createServer, type Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/main.ts';
import { findConsoleName } from '../../../src/core/flatten/findConsoleName.ts';
import { createCaptureIo } from './cliIo.ts';
import { writeDemoFixture } from './demoFixture.ts';

// Issue 26 item 3: `tracer replay --console` on the demo transaction captured as a fixture; and a console call never
// reaching a node through flatten, payload, curl or send, whatever form it takes.

let fixture: string;
let dir: string;
let structOps: string[];
let txHash: string;
let server: { url: string; close(): Promise<void> | void };
beforeAll(async () => {
  let serve: () => Promise<typeof server>;
  ({ file: fixture, dir, structOps, txHash, serve } = await writeDemoFixture());
  server = await serve();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

function tracerFile(name: string, source: string): string {
  const file = join(dir, name);
  writeFileSync(file, source);
  return file;
}

const printing = `// prints from every hook
var tracer = {
  n: 0,
  setup: function (cfg) { console.log('setup with', cfg); },
  step: function (log) {
    this.n++;
    if (log.op.toString() === 'SSTORE') console.log('SSTORE key', log.stack.peek(0), 'value', log.stack.peek(1));
  },
  enter: function (f) { console.log('enter', f.getType(), toHex(f.getTo())); },
  exit: function (r) { if (r.getError()) console.error('exit error', r.getError()); },
  fault: function (log) { console.error('fault at', log.getPC()); },
  result: function () { console.log('steps', this.n); return this.n; }
};`;

const printed = [
  '[setup] setup with {}',
  '[step 86 step] SSTORE key 0 value 7',
  '[step 180 enter] enter DELEGATECALL 0x8529bce62371f85773e24d10a8079bd6d335b88a',
  '[step 224 step] SSTORE key 1 value 7',
  '[step 285 enter] enter STATICCALL 0x8529bce62371f85773e24d10a8079bd6d335b88a',
  '[step 474 enter] enter CREATE 0x8d747008717347b429c25fac5a3a58caab833f8a',
  '[step 541 enter] enter CREATE2 0x263ea7d599a87a395c2964ca4831904d5f965ae4',
  '[step 610 enter] enter CALL 0x8d747008717347b429c25fac5a3a58caab833f8a',
  '[step 671 step] SSTORE key 0 value 1',
  '[step 797 enter] enter CALL 0x263ea7d599a87a395c2964ca4831904d5f965ae4',
  '[step 858 step] SSTORE key 0 value 1',
  '[step 977 step] SSTORE key 2 value 218338915929756226902542937022230966746891049700',
  '[result] steps 1037',
];

describe('tracer replay --console', () => {
  it('prints every line with the step and hook that printed it, the result on stdout as without it', async () => {
    const file = tracerFile('printing.js', printing);
    const io = createCaptureIo();
    expect(await main(['replay', '--fixture', fixture, '--tracer', file, '--console'], io)).toBe(0);
    expect(io.err()).toBe(printed.map((l) => l + '\n').join(''));
    expect(io.out()).toBe('1037\n');
    // The step numbers are the struct logger's: structLogs[N] is the op the line was printed at.
    for (const line of printed) {
      const [, step, hook, rest] = /^\[step (\d+) (\w+)\] (\w+)/.exec(line) ?? [];
      if (step === undefined) continue;
      const op = structOps[Number(step)];
      if (hook === 'step') expect(op, line).toBe(rest);
      else expect(op, line).toBe(line.split(' ')[4]);
    }
  });

  it('the same lines for the same transaction read from a node (--endpoint)', async () => {
    const file = tracerFile('printing.js', printing);
    const io = createCaptureIo();
    const argv = ['replay', '--endpoint', server.url, '--tx', txHash, '--tracer', file, '--console'];
    expect(await main(argv, io)).toBe(0);
    expect(io.err()).toBe(printed.map((l) => l + '\n').join(''));
    expect(io.out()).toBe('1037\n');
    const plain = createCaptureIo();
    expect(await main(argv.slice(0, -1), plain)).toBe(0);
    expect(plain.err()).toBe('tracer replay: 13 console lines not shown (--console prints them)\n');
  });

  it('without --console the lines are counted', async () => {
    const file = tracerFile('printing.js', printing);
    const io = createCaptureIo();
    expect(await main(['replay', '--fixture', fixture, '--tracer', file], io)).toBe(0);
    expect(io.err()).toBe('tracer replay: 13 console lines not shown (--console prints them)\n');
    expect(io.out()).toBe('1037\n');
  });

  it('keeps 10,000 lines and says how many more calls there were', async () => {
    const file = tracerFile(
      'chatty.js',
      '{step: function (log) { for (var i = 0; i < 10; i++) console.log(i, log.getPC()); }, fault: function () {}, result: function () { return 1; }}',
    );
    const io = createCaptureIo();
    expect(await main(['replay', '--fixture', fixture, '--tracer', file, '--console'], io)).toBe(0);
    const lines = io.err().split('\n');
    expect(lines.length).toBe(10_002);
    expect(lines.slice(0, 3)).toEqual(['[step 0 step] 0 0', '[step 0 step] 1 0', '[step 0 step] 2 0']);
    expect(lines[10_000]).toBe('tracer replay: the console keeps 10,000 lines; 370 more calls not printed');
  });

  it('a failing tracer: the lines it printed, then its error', async () => {
    const file = tracerFile(
      'failing.js',
      "{step: function (log) { if (log.op.toString() === 'CALL') { console.error('calling', toHex(toAddress(log.stack.peek(1).toString(16)))); this.x.y = 1; } }, fault: function () {}, result: function () { return 1; }}",
    );
    const io = createCaptureIo();
    expect(await main(['replay', '--fixture', fixture, '--tracer', file, '--console'], io)).toBe(1);
    expect(io.err()).toMatch(
      /^\[step 610 step error\] calling 0x8d747008717347b429c25fac5a3a58caab833f8a\nTypeError: [^\n]* at step \(<eval>:1:\d+\(0\)\) {4}in server-side tracer function 'step'\n {2}at \S+failing\.js:1:\d+\n$/,
    );
  });

  it('control characters and newlines in a line', async () => {
    const file = tracerFile(
      'controls.js',
      "{fault: function () {}, result: function () { console.log('a\\u001b[31mred\\nsecond'); return 1; }}",
    );
    const io = createCaptureIo();
    expect(await main(['replay', '--fixture', fixture, '--tracer', file, '--console'], io)).toBe(0);
    expect(io.err()).toBe('[result] ared\n  second\n');
  });

  it('needs a tracer with hooks', async () => {
    const io = createCaptureIo();
    expect(await main(['replay', '--fixture', fixture, '--tracer', 'prestateTracer', '--console'], io)).toBe(
      2,
    );
    expect(io.err()).toBe(
      'tracer replay: --console and --profile need a tracer file (prestateTracer and the struct logger have no hooks to print from or time)\n',
    );
  });
});

describe('a console call never reaches a node', () => {
  let server: Server;
  let url: string;
  let requests = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++;
      req.resume();
      res.end('{"jsonrpc":"2.0","id":1,"result":1}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const hooks = (body: string) =>
    `{\n  step: function (log) {\n    ${body}\n  },\n  fault: function () {},\n  result: function () { return 1; }\n}\n`;
  // [the step's body, what flatten says first on stderr (a pattern), whether --remove-console removes it]
  const forms: Array<[string, RegExp, boolean]> = [
    ['console.log(log.getPC());', /:3:5 error geth has no console: console\.log\(…\) works only/, true],
    ["console['log'](log.getPC());", /:3:5 error geth has no console: console\.log\(…\)/, true],
    ['var c = console; c.log(1);', /:3:13 error geth has no console: this use of console/, false],
    ['this.console.log(1);', /:3:10 error a property named console may be the global console/, false],
    ['(0, console.log)(log.getPC());', /:3:9 error geth has no console: this use of console/, false],
    ['console.log(this.n++);', /:3:5 error .*its arguments change state/, false],
    [
      "var k = 'console'; var G = (function () { return this; })(); G[k].log(1);",
      /:3:13 error the tracer would reach a node naming console/,
      false,
    ],
    ['\\u0063onsole.log(1);', /:3:5 error geth has no console: console\.log\(…\)/, true],
  ];

  const sendArgs = ['--method', 'debug_traceTransaction', '--params', '["0x' + '11'.repeat(32) + '"]'];
  it.each(forms)('%s', async (body, first, removable) => {
    const file = tracerFile('form.js', hooks(body));
    const before = requests;
    for (const argv of [
      ['flatten', file],
      ['payload', file, ...sendArgs],
      ['curl', file, ...sendArgs, '--endpoint', url],
      ['send', file, ...sendArgs, '--endpoint', url],
      ['payload', file, ...sendArgs, '--no-flatten'],
      ['send', file, ...sendArgs, '--endpoint', url, '--no-flatten'],
    ]) {
      const io = createCaptureIo();
      expect(await main(argv, io), argv.join(' ')).toBe(1);
      expect(io.out(), argv.join(' ')).toBe('');
      if (!argv.includes('--no-flatten')) expect(io.err(), argv.join(' ')).toMatch(first);
      else expect(io.err()).toMatch(/^\S+form\.js:3:\d+ error the tracer would reach a node naming console/);
    }
    expect(requests).toBe(before);
    const io = createCaptureIo();
    const code = await main(['flatten', file, '--remove-console'], io);
    if (!removable) {
      expect(code).toBe(1);
      expect(io.out()).toBe('');
      return;
    }
    expect(code).toBe(0);
    expect(io.err()).toBe('tracer flatten: removed 1 console call (geth has no console)\n');
    expect(findConsoleName(io.out())).toBeUndefined();
    expect(io.out()).toBe('{step:function(log){},fault:function(){},result:function(){return 1;}}\n');
  });

  it('flatten says how to go on', async () => {
    const file = tracerFile('two.js', hooks("console.log(1);\n    console.error('x');"));
    const io = createCaptureIo();
    expect(await main(['flatten', file], io)).toBe(1);
    const lines = io.err().trim().split('\n');
    expect(lines.slice(-2)).toEqual([
      `tracer flatten: ${file} cannot be flattened for the target es5: 2 errors (tracer/console); fix them`,
      `tracer flatten: geth has no console: tracer flatten --remove-console ${file} prints it without them (they print only in tracer replay --console)`,
    ]);
    const sent = createCaptureIo();
    expect(await main(['payload', file, ...sendArgs], sent)).toBe(1);
    expect(sent.err().trim().split('\n').pop()).toBe(
      `the tracer in ${file} cannot be flattened for the target es5: 2 errors (tracer/console); fix them; geth has no console: tracer flatten --remove-console ${file} prints it without them (they print only in tracer replay --console)`,
    );
  });

  it('a comment naming console is sent by flatten (comments are dropped), not as text with --no-flatten', async () => {
    const file = tracerFile('comment.js', hooks('// console.log(log.getPC());'));
    const flat = createCaptureIo();
    expect(await main(['payload', file, ...sendArgs], flat)).toBe(0);
    expect(flat.out()).not.toContain('console');
    const raw = createCaptureIo();
    expect(await main(['payload', file, ...sendArgs, '--no-flatten'], raw)).toBe(1);
    expect(raw.err()).toMatch(/^\S+comment\.js:3:5 error the tracer would reach a node naming console/);
  });
});
