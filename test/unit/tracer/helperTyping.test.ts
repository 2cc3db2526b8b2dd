import { describe, it } from 'vitest';
import { expectInvalid, expectValid, posOf } from './lintHarness.ts';

const base = 'fault: function(log, db) {}, result: function(ctx, db) { return 1; }';
const tracer = (members: string) => `{${base},\n${members}}`;

describe('helper members get the types their call sites agree on', () => {
  it.each([
    // Disagreeing call sites, escapes and dynamic calls leave the helper's parameters untyped.
    tracer(
      'helper: function(l) { return l.stack.peak(0); },\nstep: function(log) { this.helper(log); this.helper(5); }',
    ),
    tracer(
      'helper: function(l) { return l.stack.peak(0); },\nstep: function(log) { this.helper(log); var h = this.helper; }',
    ),
    tracer(
      "helper: function(l) { return l.stack.peak(0); },\nstep: function(log) { this.helper(log); this['help' + 'er'](1); }",
    ),
    tracer(
      'helper: function(l) { return l.stack.peak(0); },\nstep: function(log) { var self = this; self.helper(log); this.helper(log); }',
    ),
    tracer(
      'helper: function(l) { return l.stack.peak(0); },\nstep: function(log) { [1].forEach(function() { this.helper(log); }, this); }',
    ),
    tracer(
      'helper: function(l) { l = {}; return l.stack.peak(0); },\nstep: function(log) { this.helper(log); }',
    ),
    // Never called: nothing to learn from.
    tracer('helper: function(l) { return l.stack.peak(0); },\nstep: function(log) {}'),
  ])('accepts %s', (code) => expectValid(code, ['tracer/unknown-member', 'tracer/unknown-member-call']));

  it('types a helper parameter from this.helper(log) calls', () => {
    const code = tracer(
      'helper: function(l) { return l.stack.peak(0); },\nstep: function(log) { this.helper(log); },\nfault: function(log) { this.helper(log); }',
    );
    expectInvalid(
      code,
      'tracer/unknown-member-call',
      "log.stack has no member 'peak'; did you mean 'peek'?",
      posOf(code, 'peak'),
    );
  });

  it('follows helpers that call helpers, and db arguments', () => {
    const code = tracer(
      'outer: function(a, d) { this.inner(a, d); },\ninner: function(b, d) { d.getBalanse(b); },\nstep: function(log, db) { this.outer(log.contract.getAddress(), db); }',
    );
    expectInvalid(
      code,
      'tracer/unknown-member-call',
      "db has no member 'getBalanse'; did you mean 'getBalance'?",
      posOf(code, 'getBalanse'),
    );
  });

  it('reports the reused log stored by a helper', () => {
    const code = tracer('save: function(x) { this.logs.push(x); },\nstep: function(log) { this.save(log); }');
    const message =
      'geth reuses one log object for every step: what you store here always shows the current step. Store the values instead (e.g. log.getPC(), log.stack.peek(0).toString(16))';
    expectInvalid(code, 'tracer/stored-reused-object', message, posOf(code, 'x); }'));
  });

  it('recursion between helpers does not loop', () => {
    const code = tracer(
      'a: function(x) { return this.b(x); },\nb: function(y) { return this.a(y); },\nstep: function(log) { this.a(log); }',
    );
    expectValid(code);
  });
});
