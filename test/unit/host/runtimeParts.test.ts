import { describe, expect, it } from 'vitest';
import {
  guardName,
  instrumentTracerCode,
  toOriginalOffset,
} from '../../../src/evm/host/instrumentTracerCode.ts';
import { parseTimeoutMs } from '../../../src/evm/host/parseTimeout.ts';
import { checkStack } from '../../../src/evm/host/stackTable.ts';

const G = `${guardName}();`;

describe('instrumentTracerCode', () => {
  it.each([
    ['(function(){ while(1); })', `(function(){${G} while(1){${G};} })`],
    ['({f: x => x + 1})', `({f: x => (${guardName}(), x + 1)})`],
    ['({f: a => ({a})})', `({f: a => ((${guardName}(), {a}))})`],
    [
      '(function(){ for(;;) while(1) g = x => y; })',
      `(function(){${G} for(;;) {${G}while(1) {${G}g = x => (${guardName}(), y);}} })`,
    ],
    [
      "(function(){ 'use strict'; do x(); while(c) })",
      `(function(){ 'use strict';${G} do {${G}x();} while(c) })`,
    ],
    ['({get a() { for (var k in o) {} return 1 }})', `({get a() {${G} for (var k in o) {${G}} return 1 }})`],
    // for-of runs in the V8 realm and in goja; a growing array loops forever without calling any function.
    ['(function(){ for (var v of a) a.push(v); })', `(function(){${G} for (var v of a) {${G}a.push(v);} })`],
  ])('%s', (src, out) => {
    expect(instrumentTracerCode(src)).toBe(out);
  });

  it('returns undefined for text acorn cannot parse', () => {
    expect(instrumentTracerCode('({a: 1};)')).toBeUndefined();
  });
});

describe('toOriginalOffset (error positions in instrumented text → the tracer as written)', () => {
  // Original text with 3 characters inserted at offset 5 and 2 at offset 10: instrumented offsets 5–7 and 13–14 are
  // inside an insertion (its place), the text between is shifted by 3, the text after by 5.
  const inserts: Array<[number, number]> = [
    [5, 3],
    [10, 2],
  ];
  it.each([
    [0, 0],
    [4, 4],
    [5, 5],
    [7, 5],
    [8, 5],
    [12, 9],
    [13, 10],
    [14, 10],
    [15, 10],
    [20, 15],
  ])('%i → %i', (offset, original) => {
    expect(toOriginalOffset(inserts, offset)).toBe(original);
  });
});

describe('parseTimeoutMs (Go time.ParseDuration)', () => {
  it.each([
    [undefined, 5000],
    ['5s', 5000],
    ['300ms', 300],
    ['1m30s', 90_000],
    ['1.5h', 5_400_000],
    ['0', 0],
    ['10us', 0.01],
    ['-1s', -1000],
  ])('%s → %s ms', (text, ms) => {
    expect(parseTimeoutMs(text)).toBeCloseTo(ms, 9);
  });

  it.each([
    ['5', 'time: missing unit in duration "5"'],
    ['', 'time: invalid duration ""'],
    ['abc', 'time: invalid duration "abc"'],
    ['3d', 'time: unknown unit "d" in duration "3d"'],
  ])('%s is rejected', (text, message) => {
    expect(() => parseTimeoutMs(text)).toThrow(message);
  });
});

describe('checkStack (geth jump table limits)', () => {
  it.each([
    [0x01, 1, 'stack underflow (1 <=> 2)'],
    [0x01, 2, undefined],
    [0xf1, 6, 'stack underflow (6 <=> 7)'],
    [0x60, 1024, 'stack limit reached 1024 (1023)'],
    [0x60, 1023, undefined],
    [0x9f, 16, 'stack underflow (16 <=> 17)'],
    [0x8f, 15, 'stack underflow (15 <=> 16)'],
    [0x80, 1024, 'stack limit reached 1024 (1023)'],
    [0x90, 1024, undefined],
    [0xef, 0, undefined],
  ])('op %i with %i items', (op, len, expected) => {
    expect(checkStack(op, len)).toBe(expected);
  });
});
