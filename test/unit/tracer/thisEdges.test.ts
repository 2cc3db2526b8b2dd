import { describe, it } from 'vitest';
import { expectInvalid, expectValid, inStep, posOf } from './lintHarness.ts';

const nested =
  "'this' here is not the tracer object: this nested function is called on its own (e.g. by forEach), so 'this' is undefined or the global object. Save it first (var self = this;) and use self";
const rule = 'tracer/this-in-nested-function';
const members = 'result: function(ctx, db) { return 1; }, fault: function(log, db) {}';

describe('tracer/this-in-nested-function edges', () => {
  it.each([
    // a function that is no member but sits at the top level of the tracer object is not nested
    `{${members}, list: [function() { return this.n; }]}`,
    inStep('var Frame = function() { this.calls = []; }; var fr = new Frame();'),
    inStep('class Acc { add(x) { this.sum += x; } }'),
    inStep('var o = new function() { this.n = 1; };'),
    inStep('(function() { this.n = 1; }).apply(this, []);'),
    inStep('[1].every(function(x) { return this.ok; }, this);'),
  ])('accepts %s', (code) => expectValid(code, [rule]));

  const cases: [string, string][] = [
    [inStep('function innerFn() { return this.n; }\ninnerFn();'), 'this.n'],
    [inStep('var f = function Inner() { return this.n; };'), 'this.n'],
    [inStep('var {F} = function() { return this.n; };'), 'this.n'],
    [inStep('var f; f = function() { return this.n; };'), 'this.n'],
    [inStep('var s = (function() { return this.n; }).toString();'), 'this.n'],
    [inStep('var s = [1].reduce(function(a, x) { return this.n; }, 0);'), 'this.n'],
    [inStep('[1].forEach(print, function() { return this.n; });'), 'this.n'],
    [inStep('with (function() { return this.n; }) {}'), 'this.n'],
  ];
  it.each(cases)('%s', (code, marker) => {
    expectInvalid(code, rule, nested, posOf(code, marker));
  });
});
