import { describe, expect, it } from 'vitest';
import { Op } from '../../../src/evm/host/realm/realmProtocol.ts';
import type { HostBridge, RealmFactory } from '../../../src/evm/host/realm/tracerRealm.ts';
import { traceWithJsTracer } from '../../../src/evm/host/traceTransaction.ts';
import { makeRun } from './evmHarness.ts';
import { realms } from './realms.ts';

const outcome = async (tracer: string, createRealm: RealmFactory, timeout = '10s') => {
  try {
    return await traceWithJsTracer(await makeRun({}), { tracer, createRealm, timeout });
  } catch (e) {
    return (e as Error).message;
  }
};

// A tracer that closes the brackets of the factory text the host wraps it in (`(function (g) { return [\n(` … `\n)\n][0]; })`)
// is not one expression: acorn rejects it, so it cannot be instrumented. Compiled inside the factory text it would
// run its own code without guard calls (the vm realm ran this loop past a 100 ms timeout and returned its count).
// geth wraps the text the same way and reports a SyntaxError; so do both realms, at acorn's position (the first `]`;
// column 1 is the `(` the host adds), without running any of it.
const loop =
  'var n = 0; while (n < 1e9) n++; return {fault: function() {}, result: function() { return n; }};';
const escapes: [string, string][] = [
  ['the factory array', `(function () { ${loop} })())][0]; return [(1`],
  // Runs when the factory text itself is evaluated, before the host asks for the tracer object.
  ['the factory function', `1)][0]; })((function () { ${loop} })()), (function (h) { return [(1`],
];

describe.each(realms)("realm %s: a tracer that closes the host's brackets", (_name, createRealm) => {
  it.each(escapes)('out of %s: a SyntaxError, nothing run', async (_label, tracer) => {
    const col = tracer.indexOf(']') + 2;
    const message = String(await outcome(tracer, createRealm, '100ms'));
    expect(message).toMatch(new RegExp(`^SyntaxError: \\(anonymous\\): Line 1:${col} \\S`));
  });

  it('compile() runs nothing of the text', async () => {
    const host: HostBridge = (op) =>
      op === Op.opNames ? Array.from({ length: 256 }, (_, i) => `OP${i}`).join(',') : undefined;
    const realm = await createRealm(host, { deadline: Infinity, memoryBytes: 64 << 20 });
    try {
      // Had the text run, its TypeError would be reported (QuickJS: as an engine error, V8: thrown).
      expect(realm.compile('null.x; throw new Error("ran")')).toBeUndefined();
      expect(realm.compile('(1')).toMatchObject({ kind: 'syntax' });
    } finally {
      realm.dispose();
    }
  });
});

// No text is known that acorn rejects and V8 or QuickJS compile alone (candidates tried: Annex B `for (var i = 0 in o)`,
// which acorn accepts; duplicate named groups and regexp modifiers, which only acorn accepts). Should an engine accept
// such a text, it is still refused, with acorn's message: a realm whose compile accepts everything stands for one.
// A compiler that gives up on text acorn parsed (QuickJS on 1,000 nested arrays, on the tests' thread) is said as
// such, not as a SyntaxError of valid code; the realms' own reports are in vmRealmFailures and createQuickJsRealmEdges.
describe('an engine whose compiler runs out of stack', () => {
  const giving =
    (message: string): RealmFactory =>
    async (host, limits) => {
      const realm = await realms[0][1](host, limits);
      return { ...realm, evalTracer: () => ({ kind: 'too-deep', message }) };
    };
  it('is refused as nested too deeply, with its own words', async () => {
    expect(
      await outcome(
        '{fault: function() {}, result: function() {}}',
        giving('Maximum call stack size exceeded'),
      ),
    ).toBe(
      'the tracer is nested too deeply for this node to compile it (Maximum call stack size exceeded); ' +
        'split the deepest expression into smaller ones',
    );
  });
});

describe('an engine more lenient than acorn', () => {
  const lenient: RealmFactory = async (host, limits) => {
    const realm = await realms[0][1](host, limits);
    return { ...realm, compile: () => undefined };
  };
  it.each([
    [
      '{fault: function() {}, result: function() {};}',
      'SyntaxError: (anonymous): Line 1:46 Unexpected token',
    ],
    ['{fault: function() {},\n result: 1 2}', 'SyntaxError: (anonymous): Line 2:12 Unexpected token'],
    // two-digit lines and columns (acorn's own ` (12:14)` is dropped whole)
    [
      `{fault: function() {},${'\n'.repeat(10)}\n result:       1 2}`,
      'SyntaxError: (anonymous): Line 12:18 Unexpected token',
    ],
  ])('%j', async (tracer, message) => {
    expect(await outcome(tracer, lenient)).toBe(message);
  });
});
