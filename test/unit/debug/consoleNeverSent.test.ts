import { describe, expect, it } from 'vitest';
import { flattenTracer, flatTracerOf } from '../../../src/core/flatten/flattenTracer.ts';
import { createEndpoint } from '../../../src/core/rpc/endpoint/endpoint.ts';
import { createRequestDraft } from '../../../src/state/appState.ts';
import { buildDraftRequest } from '../../../src/state/buildDraftRequest.ts';
import { embeddedFlattenApi } from '../../../src/worker/embeddedFlatten.worker.ts';
import { tracerCodeFor } from '../../../src/ui/send/tracerCodeFor.ts';
import {
  consoleForEmbeddedNode,
  embeddedConsoleNote,
  onlyConsoleErrors,
} from '../../../src/ui/debug/consoleForEmbeddedNode.ts';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';

const printing = `{
  n: 0,
  step: function (log) { this.n++; console.log('at', log.getPC()); },
  fault: function () {},
  result: function () { console.error('done'); return this.n; }
}`;
const plain =
  '{ n: 0, step: function () { this.n++; }, fault: function () {}, result: function () { return this.n; } }';
const otherError = `{ step: function () { let x = 1; console.log(x); }, fault: function () {}, result: function () { return 1; } }`;

const embedded = createEndpoint({ id: 'embedded', name: 'Embedded node', kind: 'embedded' });
const remote = createEndpoint({ id: 'r', name: 'geth', kind: 'http', url: 'http://127.0.0.1:8545' });
const hash = '0x' + 'ab'.repeat(32);

/** What the page would put on the wire for `source` to `endpoint` (null: nothing is sent). */
function sentTracer(source: string, endpoint: typeof embedded, viaOther = false): string | null {
  const f = flattenTracer(source, {});
  const flat = flatTracerOf(f, source);
  const embeddedFlat = flat ? null : embeddedFlattenApi.flatten(source, 'es5');
  const draft = {
    ...createRequestDraft(),
    method: 'debug_traceTransaction' as const,
    fields: { txHash: hash },
  };
  const built = buildDraftRequest(draft, tracerCodeFor({ flat, embeddedFlat }, endpoint, viaOther));
  if (!built.ok) return null;
  return (built.request.params[1] as { tracer: string }).tracer;
}

describe('a console call never reaches a node other than the embedded one', () => {
  it.each([
    ['printing tracer, embedded node', printing, embedded, false, 'kept'],
    ['printing tracer, another node', printing, remote, false, 'not sent'],
    ['printing tracer, run on another node state', printing, embedded, true, 'not sent'],
    ['plain tracer, another node', plain, remote, false, 'no console'],
    ['plain tracer, embedded node', plain, embedded, false, 'no console'],
    ['console and another error, embedded node', otherError, embedded, false, 'not sent'],
  ] as const)('%s: %s', (_name, source, endpoint, via, expected) => {
    const tracer = sentTracer(source, endpoint, via);
    if (expected === 'not sent') expect(tracer).toBeNull();
    else if (expected === 'kept') expect(tracer).toMatch(/console\.log\('at', log\.getPC\(\)\)/);
    else {
      expect(tracer).not.toBeNull();
      expect(tracer).not.toMatch(/console/);
    }
  });

  it('the embedded text of a printing tracer is the object itself, the plain tracer is flattened', () => {
    expect(embeddedFlattenApi.flatten(printing, 'es5')).toEqual({ kind: 'verbatim', code: printing });
    expect(embeddedFlattenApi.flatten(plain, 'es5')?.kind).toBe('flattened');
    expect(embeddedFlattenApi.flatten(otherError, 'es5')).toBeNull();
  });
});

describe('the console rule on the embedded node', () => {
  const diagnostics = checkTracer(printing, {}).diagnostics;

  it('is an error that says geth has none, and the only one', () => {
    expect(onlyConsoleErrors(diagnostics)).toBe(true);
    const consoleErrors = diagnostics.filter((d) => d.ruleId === 'tracer/console');
    expect(consoleErrors.map((d) => [d.severity, d.message.slice(0, 20)])).toEqual([
      ['error', 'geth has no console:'],
      ['error', 'geth has no console:'],
    ]);
  });

  it.each([
    [true, 'warning', true],
    [false, 'error', false],
  ] as const)('runs there: %s -> %s', (runsThere, severity, noted) => {
    const shown = consoleForEmbeddedNode(diagnostics, runsThere).filter((d) => d.ruleId === 'tracer/console');
    expect(shown.map((d) => d.severity)).toEqual([severity, severity]);
    for (const d of shown) {
      expect(d.message.startsWith('geth has no console: ')).toBe(true);
      expect(d.message.endsWith(embeddedConsoleNote)).toBe(noted);
    }
  });

  it('a tracer with another error is not only console errors', () => {
    expect(onlyConsoleErrors(checkTracer(otherError, {}).diagnostics)).toBe(false);
    expect(onlyConsoleErrors(checkTracer(plain, {}).diagnostics)).toBe(false);
  });
});
