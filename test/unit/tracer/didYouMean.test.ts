import { describe, expect, it } from 'vitest';
import { checkTracer } from '../../../src/core/tracer/checkTracer.ts';
import { inStep } from './lintHarness.ts';

// "did you mean" for an unknown member: the one closest member within an edit distance that grows with the
// name's length (1 up to 4 characters, 2 up to 8, 3 beyond), nothing when none is that close. One row per side of
// each limit: the name (its length, its distance to the member) → the exact diagnostic.
const addr = '(log.contract.getAddress())';
const rows: Array<[statement: string, message: string]> = [
  // length 10, distance 3: within the limit of names longer than 8.
  ['log.memory.getUint256(0);', "4:12 log.memory has no member 'getUint256'; did you mean 'getUint'?"],
  ['log.getRefundXYZ();', "4:5 log has no member 'getRefundXYZ'; did you mean 'getRefund'?"],
  // length 9, distance 3.
  [`db.getCodXYZ${addr};`, "4:4 db has no member 'getCodXYZ'; did you mean 'getCode'?"],
  // length 8, distance 3: beyond the limit of 2.
  [`db.getNoXYZ${addr};`, "4:4 db has no member 'getNoXYZ'"],
  // length 8, distance 1; length 7, distance 1 (a transposition).
  [`db.getNonse${addr};`, "4:4 db has no member 'getNonse'; did you mean 'getNonce'?"],
  ['log.memory.getUnit(0);', "4:12 log.memory has no member 'getUnit'; did you mean 'getUint'?"],
  // length 6, distance 2.
  ['log.getGzz();', "4:5 log has no member 'getGzz'; did you mean 'getGas'?"],
  // length 5, distance 2; length 4, distance 2 (beyond the limit of 1); length 4, distance 1.
  ['log.stack.pexxk(0);', "4:11 log.stack has no member 'pexxk'; did you mean 'peek'?"],
  ['log.stack.pxxk(0);', "4:11 log.stack has no member 'pxxk'"],
  ['log.stack.peak(0);', "4:11 log.stack has no member 'peak'; did you mean 'peek'?"],
  // Nothing close.
  [`db.getStorageAt${addr};`, "4:4 db has no member 'getStorageAt'"],
];

describe("unknown members: 'did you mean' within the length-based limit", () => {
  it.each(rows)('%s', (statement, message) => {
    const found = checkTracer(inStep(statement)).diagnostics.filter(
      (d) => d.ruleId === 'tracer/unknown-member-call',
    );
    expect(found.map((d) => `${d.range.start.line}:${d.range.start.column} ${d.message}`)).toEqual([message]);
  });
});
