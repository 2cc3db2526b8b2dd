import { describe, expect, it } from 'vitest';
import { constructs } from './constructList.ts';

// `let q;` (1:19-1:22) makes each source fail the fast ES5 parse, so that the detectors run on all of it.
const letQ = '1:19-1:22 es5/let-const';

describe('destructuring: only the outermost pattern is named', () => {
  it.each([
    // A pattern nested through a property, an array element, a rest element or a default value is part of the outer one.
    ['{f: function () { let q; var {a: {b}} = c; }}', [letQ, '1:30-1:38 es5/destructuring']],
    ['{f: function () { let q; var [a, [b]] = c; }}', [letQ, '1:30-1:38 es5/destructuring']],
    ['{f: function () { let q; var [{a}] = b; }}', [letQ, '1:30-1:35 es5/destructuring']],
    ['{f: function () { let q; var [a, ...[b]] = c; }}', [letQ, '1:30-1:41 es5/destructuring']],
    ['{f: function () { let q; var {a: {b} = c} = d; }}', [letQ, '1:30-1:42 es5/destructuring']],
    // A pattern inside a function in a default value is a destructuring of its own: two places.
    [
      '{f: function () { let q; var [a = function () { var [b] = c; }] = d; }}',
      [letQ, '1:30-1:64 es5/destructuring +1'],
    ],
    // Keys of a pattern are no shorthand property and no computed key of an object literal.
    ['{f: function () { let q; var {a} = b; }}', [letQ, '1:30-1:33 es5/destructuring']],
    ['{f: function () { let q; var {[k]: a} = b; }}', [letQ, '1:30-1:38 es5/destructuring']],
  ])('%s', (code, expected) => {
    expect(constructs(code)).toEqual(expected);
  });
});

describe('spread: in an object literal or elsewhere', () => {
  it.each([
    ['{f: function () { let q; return {a: [...b]}; }}', [letQ, '1:38-1:42 es5/spread']],
    ['{f: function () { let q; return {...b}; }}', [letQ, '1:34-1:38 es5/object-spread']],
  ])('%s', (code, expected) => {
    expect(constructs(code)).toEqual(expected);
  });
});

describe('duplicate keys (ES5.1 §11.1.5)', () => {
  it.each([
    // Not strict: a repeated data property and a getter beside a setter are ES5.1.
    ['{f: function () { let q; return {a: 1, a: 2}; }}', [letQ]],
    ['{f: function () { let q; return {get a() {}, set a(v) {}}; }}', [letQ]],
    ['{f: function () { let q; return {set a(v) {}, get a() {}}; }}', [letQ]],
    // An arrow with an expression body has no directive prologue (and is no strict code by itself).
    ['{f: x => ({a: 1, a: 2})}', ['1:5-1:9 es5/arrow-function']],
    // A value beside an accessor, in either order, and a repeated accessor are errors everywhere.
    ['{f: function () { let q; return {a: 1, get a() {}}; }}', [letQ, '1:44-1:45 es5/duplicate-property']],
    ['{f: function () { let q; return {a: 1, set a(v) {}}; }}', [letQ, '1:44-1:45 es5/duplicate-property']],
    ['{f: function () { let q; return {get a() {}, a: 1}; }}', [letQ, '1:46-1:47 es5/duplicate-property']],
    ['{f: function () { let q; return {set a(v) {}, a: 1}; }}', [letQ, '1:47-1:48 es5/duplicate-property']],
    [
      '{f: function () { let q; return {get a() {}, get a() {}}; }}',
      [letQ, '1:50-1:51 es5/duplicate-property'],
    ],
    [
      '{f: function () { let q; return {set a(v) {}, set a(v) {}}; }}',
      [letQ, '1:51-1:52 es5/duplicate-property'],
    ],
    [
      '{f: function () { let q; return {get a() {}, set a(v) {}, get a() {}}; }}',
      [letQ, '1:63-1:64 es5/duplicate-property'],
    ],
    // Strict code: any repeat. A 'use strict' prologue of the function or the program, a class body, a module.
    [
      '{f: function () { "use strict"; let q; return {a: 1, a: 2}; }}',
      ['1:33-1:36 es5/let-const', '1:54-1:55 es5/duplicate-property'],
    ],
    [
      '"use strict"; let q; var o = {a: 1, a: 2};',
      ['1:15-1:18 es5/let-const', '1:37-1:38 es5/duplicate-property'],
    ],
    [
      '{f: function () { class A { m() { return {a: 1, a: 2}; } } }}',
      ['1:19-1:24 es5/class', '1:49-1:50 es5/duplicate-property'],
    ],
    [
      'import x from "y"; var o = {a: 1, a: 2};',
      ['1:1-1:7 es5/import-export', '1:35-1:36 es5/duplicate-property'],
    ],
    // Another directive does not make code strict.
    ['{f: function () { "use asm"; let q; return {a: 1, a: 2}; }}', ['1:30-1:33 es5/let-const']],
  ])('%s', (code, expected) => {
    expect(constructs(code)).toEqual(expected);
  });
});
