import { describe, it } from 'vitest';
import { expectInvalid, expectValid, inSetup, posOf } from './lintHarness.ts';

const rule = 'tracer/setup-config-not-parsed';
const message = (param: string, field: string) =>
  `setup() receives the tracer config as a JSON string, so ${param}.${field} is undefined: parse it first (var cfg = JSON.parse(${param});) and read cfg.${field}`;

describe('tracer/setup-config-not-parsed edges', () => {
  it.each([
    // a computed field name is not known, so nothing is said about it
    inSetup("var k = 'a'; this.x = config[k];"),
    '{fault: function() {}, result: function() {},\nsetup(config) { this.x = super.onlyTopCall; }}',
  ])('accepts %s', (code) => expectValid(code, [rule]));

  it.each([
    // not read through a name: the message names the parameter 'config'
    [inSetup('this.x = (0, config).onlyTopCall;'), 'onlyTopCall', '(0, config).onlyTopCall'],
    [
      '{fault: function() {}, result: function() {},\nsetup: function(opts) { this.v = (0, opts).verbose; }}',
      'verbose',
      '(0, opts).verbose',
    ],
  ])('%s', (code, field, marker) => {
    expectInvalid(code, rule, message('config', field), posOf(code, marker));
  });
});
