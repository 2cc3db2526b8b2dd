import { describe, it } from 'vitest';
import { expectInvalid, expectValid, inSetup, posOf } from './lintHarness.ts';

const rule = 'tracer/setup-config-not-parsed';

describe('tracer/setup-config-not-parsed', () => {
  it.each([
    inSetup('var cfg = JSON.parse(config); this.only = cfg.onlyTopCall;'),
    inSetup('config = JSON.parse(config); this.only = config.onlyTopCall;'),
    inSetup('this.raw = config; this.n = config.length; this.s = config.slice(1);'),
    '{setup: function() {}, result: function(ctx) { return 1; }, fault: function() {}}',
  ])('accepts %s', (code) => expectValid(code, [rule]));

  it.each([
    [inSetup('this.only = config.onlyTopCall;'), 'config', 'onlyTopCall', 'config.onlyTopCall'],
    [inSetup("this.x = config['withLog'];"), 'config', 'withLog', "config['withLog']"],
    [
      '{fault: function() {}, result: function() {},\nsetup: function(opts) { if (opts.verbose) {} }}',
      'opts',
      'verbose',
      'opts.verbose',
    ],
  ])('%s', (code, param, field, marker) => {
    const message = `setup() receives the tracer config as a JSON string, so ${param}.${field} is undefined: parse it first (var cfg = JSON.parse(${param});) and read cfg.${field}`;
    expectInvalid(code, rule, message, posOf(code, marker));
  });
});
