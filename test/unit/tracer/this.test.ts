import { describe, it } from 'vitest';
import { expectInvalid, expectValid, inStep, posOf } from './lintHarness.ts';

const nested =
  "'this' here is not the tracer object: this nested function is called on its own (e.g. by forEach), so 'this' is undefined or the global object. Save it first (var self = this;) and use self";

describe('tracer/this-in-nested-function', () => {
  const rule = 'tracer/this-in-nested-function';
  it.each([
    inStep('this.data.push(1); var self = this; [1].forEach(function(x) { self.data.push(x); });'),
    inStep('[1].forEach(function(x) { this.data.push(x); }, this);'),
    inStep('[1].map(function(x) { return this.k; }, this);'),
    inStep('(function() { this.n++; }).call(this);'),
    inStep('var f = function() { return this.n; }.bind(this);'),
    inStep('var o = {n: 1, get: function() { return this.n; }}; o.get();'),
    inStep('this.helper = function() { return this.n; };'),
    inStep('function Frame() { this.calls = []; } var fr = new Frame();'),
    inStep('[1].forEach((x) => { this.data.push(x); });'),
    '{helper: function(x) { return this.n + x; }, result: function() { return this.helper(1); }, fault: function() {}}',
  ])('accepts %s', (code) => expectValid(code, [rule]));

  const cases: [string, string][] = [
    [inStep('[1, 2].forEach(function(x) { this.data.push(x); });'), 'this.data'],
    [inStep('function inner() { return this.n; }\ninner();'), 'this.n'],
    [inStep('var f = function() { return this.n; };'), 'this.n'],
    [inStep('[1].forEach(function(x) { [2].forEach((y) => { this.k = y; }); });'), 'this.k'],
    [inStep('setTimeoutLike(function() { this.n = 1; });'), 'this.n'],
  ];
  it.each(cases)('%s', (code, marker) => {
    expectInvalid(code, rule, nested, posOf(code, marker));
  });
});

describe('tracer/arrow-member-this', () => {
  const rule = 'tracer/arrow-member-this';
  it.each([
    '{result: () => 1, fault: () => {}}',
    '{result: function() { var f = () => this.n; return f(); }, fault: function() {}}',
  ])('accepts %s', (code) => expectValid(code, [rule]));

  it.each([
    [
      '{result: function() { return 1; }, fault: function() {}, step: (log) => { this.n++; }}',
      'step',
      'this.n',
    ],
    ['{result: (ctx) => this.data, fault: function() {}}', 'result', 'this.data'],
    [
      '{result: function() {}, fault: function() {}, helper: () => { [1].forEach((x) => this.add(x)); }}',
      'helper',
      'this.add',
    ],
  ])('%s', (code, member, marker) => {
    const message = `'${member}' is an arrow function, so 'this' is not the tracer object here: write ${member}: function(...) {...}`;
    expectInvalid(code, rule, message, posOf(code, marker));
  });
});
