import { describe, expect, it } from 'vitest';
import { checkSelfContainedScript } from '../../../src/worker/sandbox/checkSelfContainedScript.ts';

const url = '/assets/node.worker-abc.js';

describe('checkSelfContainedScript', () => {
  it.each([
    ['a plain script', 'var e=1;typeof WorkerGlobalScope<`u`&&serve(self);', null],
    ['a string that mentions import', 'var m="import x from y";', null],
    ['import.meta in a string', "raise(`'import.meta' must not contain escaped characters`);", null],
    ['an empty file', '  \n', `the embedded node's code (${url}) is empty`],
    [
      'a named import of another chunk',
      'import{t as e}from"./chunk-1.js";e();',
      `the embedded node's code (${url}) imports other files, so it cannot run in the sandbox`,
    ],
    [
      'a side-effect import',
      'import"./chunk-1.js";',
      `the embedded node's code (${url}) imports other files, so it cannot run in the sandbox`,
    ],
    [
      'a namespace import on a later line',
      '/* banner */\nimport * as e from "./a.js";',
      `the embedded node's code (${url}) imports other files, so it cannot run in the sandbox`,
    ],
    [
      'an export list at the end',
      'var e=1;\nexport{e as t};',
      `the embedded node's code (${url}) is a module with exports, not one self-contained script`,
    ],
    [
      'a minified export list after the last statement (a worker that code-splits)',
      'typeof WorkerGlobalScope<`u`&&(YS(self),ZS(self));export{bx as a,Cx as i};',
      `the embedded node's code (${url}) is a module with exports, not one self-contained script`,
    ],
    ['a string ending in an export-like text', 'var m="x;export{a}";', null],
    [
      'an export default',
      'export default 1;',
      `the embedded node's code (${url}) is a module with exports, not one self-contained script`,
    ],
  ])('%s', (_, code, expected) => {
    expect(checkSelfContainedScript(code, url)).toBe(expected);
  });
});
