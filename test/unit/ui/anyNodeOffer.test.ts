import { describe, expect, it } from 'vitest';
import type { JsTracingSupport } from '../../../src/core/rpc/probe/probe.ts';
import { offersRunHere } from '../../../src/ui/endpoints/describeProbe.ts';

// The probe card offers "Run it here on this node's state" exactly where the node answers but runs no JS tracer.
const table: [JsTracingSupport, boolean][] = [
  ['unsupported', true],
  ['ignored', true],
  ['debug-disabled', true],
  ['supported', false],
  ['auth-required', false],
  ['unreachable', false],
  ['ambiguous', false],
];

describe('offersRunHere', () => {
  it.each(table)('%s → %s', (jsTracing, offered) => {
    expect(offersRunHere({ running: false, jsTracing })).toBe(offered);
  });
  it('not while the probe runs, nor after a probe that failed (no verdict)', () => {
    expect(offersRunHere({ running: true, jsTracing: 'unsupported' })).toBe(false);
    expect(offersRunHere({ running: false })).toBe(false);
  });
});
