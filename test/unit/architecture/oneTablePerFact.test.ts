import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type Fact, findFacts, findSecondTables, homeOf, notASecondTable } from './oneTablePerFactRule.ts';

// docs/architecture.md, "One place for each fact": the node-error location forms, Go's duration syntax, the
// `user:pass@` split and the reading of geth's `in server-side tracer function` suffix each live in one module of
// src/ (maskEndpoint reads the split through cutAuthority: it has no excuse any more). Shown failing: a file src/core/rpc/zzSecondTable.ts holding
// `[/<eval>:(\d+):(\d+)/, /at line (\d+), col (\d+)/]`, `{ ns: 1n, ms: 1_000_000n, s: 1_000_000_000n }` and
// `decodeURIComponent(u.username)` (added for the check, then removed, never committed) made 'src/ holds each fact
// once' fail with four findings, the first `src/core/rpc/zzSecondTable.ts:1 node-error location form: /<eval>:…/`.
const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');

describe('one place for each fact', () => {
  it('src/ holds each fact once', () => {
    expect(findSecondTables(root)).toEqual([]);
  });

  // A detector that stopped seeing its fact would pass the check above for nothing.
  it.each(Object.entries(homeOf).flatMap(([fact, files]) => files.map((file) => [file, fact] as const)))(
    '%s is found to hold the %s',
    (file, fact) => {
      const found = findFacts(file, readFileSync(join(root, file), 'utf8')).map((f) => f.fact);
      expect(found).toContain(fact);
    },
  );

  it.each(Object.entries(notASecondTable).map(([file, { fact }]) => [file, fact] as const))(
    'the excuse for %s is still needed (it matches the %s detector)',
    (file, fact) => {
      const found = findFacts(file, readFileSync(join(root, file), 'utf8')).map((f) => f.fact);
      expect(found).toContain(fact);
    },
  );
});

describe('the detectors', () => {
  // [source text, the facts found in it]
  const cases: [string, Fact[]][] = [
    // node-error location forms, as a pattern or as a search
    ['const goja = /<eval>:(\\d+):(\\d+)/;', ['node-error location form']],
    ['const frame = /at (\\S+):(\\d+):(\\d+)\\((\\d+)\\)/;', ['node-error location form']],
    ['const named = /:(?<line>\\d+):(?<column>[0-9]{1,9})/;', ['node-error location form']],
    ["const syntax = new RegExp('Line (\\\\d+):(\\\\d+)');", ['node-error location form']],
    ['const boa = /at line (\\d+), col (\\d+)/i;', ['node-error location form']],
    ["const at = text.lastIndexOf('<anonymous>:');", ['node-error location form']],
    ['const f = /\\(anonymous\\): x/;', ['node-error location form']],
    // acorn's own ` (1:5)` and a clock's `12:30` name no file
    ["const m = message.replace(/ \\(\\d+:\\d+\\)$/, '');", []],
    ['const clock = /^(\\d+):(\\d+)$/;', []],
    // Go-duration parsers: a unit table, a unit alternation, Go's texts
    ['const units = { ns: 1n, us: 1_000n, ms: 1_000_000n, s: 1_000_000_000n };', ['Go-duration parser']],
    ["const units = { 'µs': 1e3, 'ms': 1e6, h: 3.6e12 };", ['Go-duration parser']],
    ['const d = /^(\\d+)(ns|us|µs|ms|s|m|h)$/;', ['Go-duration parser']],
    ['const d = /^(\\d+(?:\\.\\d*)?)(?:h|m|s|ms|us|ns)/;', ['Go-duration parser']],
    ["throw new Error('time: invalid duration ' + quote(text));", ['Go-duration parser']],
    ['const e = `time: unknown unit ${u} in duration ${t}`;', ['Go-duration parser']],
    // one sub-second unit is not Go's table
    ['const ms = /^(\\d+)(ms|s)$/;', []],
    ['const t = { ms: 1, s: 1000 };', []],
    // user:pass@ splitters: decoding userinfo, splitting at '@', a userinfo pattern
    ['const user = decodeURIComponent(u.username);', ['user:pass@ splitter']],
    ['const p = decodeURIComponent(userInfo.slice(1));', ['user:pass@ splitter']],
    ["const at = authority.lastIndexOf('@');", ['user:pass@ splitter']],
    ["const [info, host] = rest.split('@');", ['user:pass@ splitter']],
    ['const m = /^(\\w+:\\/\\/)([^@]*)@/;', ['user:pass@ splitter']],
    ['const m = /^([^/?#]*)@(.*)$/;', ['user:pass@ splitter']],
    // a path is not userinfo, an e-mail address is not a URL
    ['const p = decodeURIComponent(path);', []],
    ['const mail = /^[^@\\s]+@[^@\\s]+$/;', []],
    // readers of geth's `in server-side tracer function 'step'`: a pattern or a search; writing it is not reading it
    ["const fn = /in server-side tracer function '(\\w+)'/.exec(text);", ['tracer-function suffix reader']],
    ["const fn = new RegExp('server-side\\\\s+tracer\\\\s+function');", ['tracer-function suffix reader']],
    ["if (text.includes('in server-side tracer function')) f();", ['tracer-function suffix reader']],
    ["const suffix = (name: string) => `    in server-side tracer function '${name}'`;", []],
    // text in comments is not code
    ['// reads <eval>:1:2 and ns|us|ms|s and user:pass@\nconst x = 1;', []],
  ];
  it.each(cases)('%s', (text, facts) => {
    expect(findFacts('x.ts', text).map((f) => f.fact)).toEqual(facts);
  });

  it('names the file and line', () => {
    expect(findFacts('src/a.ts', '\n\nconst u = { ns: 1, us: 2, s: 3 };')).toEqual([
      { where: 'src/a.ts:3', fact: 'Go-duration parser', text: '{ ns: 1, us: 2, s: 3 }' },
    ]);
  });
});
