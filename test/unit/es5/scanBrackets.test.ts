import { describe, expect, it } from 'vitest';
import { closingBracket, scanBrackets } from '../../../src/core/es5/scanBrackets.ts';

describe('scanBrackets', () => {
  // [source, brackets still open (text@start), deepest nesting, where the scan stopped]
  const cases: [string, string[], number, number][] = [
    ['{(', ['{@0', '(@1'], 2, 2],
    ['[]', [], 1, 2],
    ['({[]})', [], 3, 6],
    // the deepest nesting, not the last
    ['(())(', ['(@4'], 2, 5],
    // a closer with nothing open, or of the wrong kind, closes nothing
    [')(', ['(@1'], 1, 2],
    ['(]', ['(@0'], 1, 2],
    ['[}', ['[@0'], 1, 2],
    ['`a${(`', ['${@2', '(@4'], 2, 6],
    // a hashbang line is a comment, not a stop
    ['#!/usr/bin/env node (\n{(', ['{@22', '(@23'], 2, 24],
    // brackets in strings and comments do not count; an unreadable token stops the scan
    ['"(" /* [ */ { # (', ['{@12'], 1, 13],
  ];
  it.each(cases)('%j leaves %j open', (source, open, maxDepth, stoppedAt) => {
    const r = scanBrackets(source);
    expect(r.open.map((b) => `${b.text}@${b.start}`)).toEqual(open);
    expect([r.maxDepth, r.stoppedAt, r.overLimitAt]).toEqual([maxDepth, stoppedAt, -1]);
  });

  it.each([
    ['((', 0, 0],
    ['(((', 1, 1],
    ['((((', 1, 1],
    ['( ( (', 1, 2],
  ])('%j over depth %i: first bracket over it at %i', (source, depthLimit, at) => {
    expect(scanBrackets(source, source.length, depthLimit).overLimitAt).toBe(at);
  });

  it('stops at the limit offset', () => {
    expect(scanBrackets('({[', 2).open.map((b) => b.text)).toEqual(['(', '{']);
  });

  it.each([
    ['{', '}'],
    ['(', ')'],
    ['[', ']'],
    ['${', '}'],
    ['x', ''],
  ])('closingBracket(%j) is %j', (open, close) => {
    expect(closingBracket(open)).toBe(close);
  });
});
