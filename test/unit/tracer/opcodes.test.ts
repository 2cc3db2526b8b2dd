import { describe, expect, it } from 'vitest';
import { opcodeName, opcodeNames, renamedOpcodes } from '../../../src/core/tracer/opcodes.ts';
import { expectInvalid, expectValid, inEnterExit, inResult, inStep, single } from './lintHarness.ts';

describe('opcodeNames', () => {
  it.each([
    [0x00, 'STOP'],
    [0x0b, 'SIGNEXTEND'],
    [0x1d, 'SAR'],
    [0x1e, 'CLZ'],
    [0x20, 'KECCAK256'],
    [0x3f, 'EXTCODEHASH'],
    [0x44, 'DIFFICULTY'],
    [0x48, 'BASEFEE'],
    [0x49, 'BLOBHASH'],
    [0x4a, 'BLOBBASEFEE'],
    [0x54, 'SLOAD'],
    [0x55, 'SSTORE'],
    [0x5b, 'JUMPDEST'],
    [0x5c, 'TLOAD'],
    [0x5d, 'TSTORE'],
    [0x5e, 'MCOPY'],
    [0x5f, 'PUSH0'],
    [0x60, 'PUSH1'],
    [0x7f, 'PUSH32'],
    [0x80, 'DUP1'],
    [0x8f, 'DUP16'],
    [0x90, 'SWAP1'],
    [0x9f, 'SWAP16'],
    [0xa0, 'LOG0'],
    [0xa4, 'LOG4'],
    [0xf0, 'CREATE'],
    [0xf1, 'CALL'],
    [0xf2, 'CALLCODE'],
    [0xf3, 'RETURN'],
    [0xf4, 'DELEGATECALL'],
    [0xf5, 'CREATE2'],
    [0xfa, 'STATICCALL'],
    // Named by geth's opCodeToString though no fork here enables them (EOF, EIP-8024, SLOTNUM).
    [0x4b, 'SLOTNUM'],
    [0xd0, 'DATALOAD'],
    [0xd3, 'DATACOPY'],
    [0xe0, 'RJUMP'],
    [0xe6, 'DUPN'],
    [0xe7, 'SWAPN'],
    [0xe8, 'EXCHANGE'],
    [0xec, 'EOFCREATE'],
    [0xee, 'RETURNCONTRACT'],
    [0xf7, 'RETURNDATALOAD'],
    [0xf8, 'EXTCALL'],
    [0xf9, 'EXTDELEGATECALL'],
    [0xfb, 'EXTSTATICCALL'],
    [0xfd, 'REVERT'],
    [0xfe, 'INVALID'],
    [0xff, 'SELFDESTRUCT'],
  ])('0x%s is %s', (byte, name) => {
    expect(opcodeNames.get(byte)).toBe(name);
    expect(opcodeName(byte)).toBe(name);
  });

  it.each([
    [0x0c, 'opcode 0xc not defined'],
    [0x21, 'opcode 0x21 not defined'],
    [0x4c, 'opcode 0x4c not defined'],
    [0xa5, 'opcode 0xa5 not defined'],
    [0xd4, 'opcode 0xd4 not defined'],
    [0xe9, 'opcode 0xe9 not defined'],
    [0xed, 'opcode 0xed not defined'],
    [0xef, 'opcode 0xef not defined'],
    [0xf6, 'opcode 0xf6 not defined'],
    [0xfc, 'opcode 0xfc not defined'],
  ])('undefined byte %s', (byte, text) => {
    expect(opcodeNames.has(byte)).toBe(false);
    expect(opcodeName(byte)).toBe(text);
  });

  it('has the 170 opcodes geth names, unique names, and no SHA3/SUICIDE', () => {
    expect(opcodeNames.size).toBe(170);
    expect(new Set(opcodeNames.values()).size).toBe(170);
    expect([...opcodeNames.values()]).not.toContain('SHA3');
    expect([...opcodeNames.values()]).not.toContain('SUICIDE');
    expect(renamedOpcodes.get('SHA3')).toBe('KECCAK256');
  });
});

const rule = 'tracer/unknown-opcode';

describe('tracer/unknown-opcode', () => {
  it.each([
    inStep("if (log.op.toString() == 'SLOAD' || log.op.toString() === 'SSTORE') {}"),
    inStep("var op = log.op.toString(); if (op != 'CALL' && op !== 'PUSH0' && 'KECCAK256' == op) {}"),
    inStep("switch (log.op.toString()) { case 'CALL': case 'STATICCALL': break; default: }"),
    inStep("if (['CALL', 'CREATE2'].indexOf(log.op.toString()) >= 0) {}"),
    // Not an opcode name: untyped values and other strings are left alone.
    inStep("var x = this.name; if (x == 'SLAOD') {} if (log.getError() == 'SHA3') {}"),
    inStep("var op = log.op.toString(); op = 'x'; if (op == 'SLAOD') {}"),
  ])('accepts %s', (code) => expectValid(code, [rule]));

  const cases: [string, string, string, string?][] = [
    [
      inStep("if (log.op.toString() == 'SLAOD') {}"),
      "geth has no opcode named 'SLAOD'; did you mean 'SLOAD'?",
      '4:26',
      "== 'SLOAD'",
    ],
    [
      inStep("if (log.op.toString() == 'SHA3') {}"),
      "geth names this opcode 'KECCAK256', not 'SHA3', so this comparison is never true",
      '4:26',
      "== 'KECCAK256'",
    ],
    [
      inStep("if (log.op.toString() === 'SUICIDE') {}"),
      "geth names this opcode 'SELFDESTRUCT', not 'SUICIDE', so this comparison is never true",
      '4:27',
      "=== 'SELFDESTRUCT'",
    ],
    [
      inStep("if (log.op.toString() == 'PREVRANDAO') {}"),
      "geth names this opcode 'DIFFICULTY', not 'PREVRANDAO', so this comparison is never true",
      '4:26',
      "== 'DIFFICULTY'",
    ],
    [
      inStep("if ('call' !== log.op.toString()) {}"),
      "geth has no opcode named 'call'; did you mean 'CALL'?",
      '4:5',
      "if ('CALL' !==",
    ],
    [
      inStep("var op = log.op.toString();\nif (op != 'DELEGATCALL') {}"),
      "geth has no opcode named 'DELEGATCALL'; did you mean 'DELEGATECALL'?",
      '5:11',
      "'DELEGATECALL'",
    ],
    [
      inStep("switch (log.op.toString()) {\ncase 'CALL': break;\ncase 'SSTORE2': break;\n}"),
      "geth has no opcode named 'SSTORE2'; did you mean 'SSTORE'?",
      '6:6',
      "case 'SSTORE':",
    ],
    [
      inStep("if (['CALL', 'STATICALL'].indexOf(log.op.toString()) >= 0) {}"),
      "geth has no opcode named 'STATICALL'; did you mean 'STATICCALL'?",
      '4:14',
      "'STATICCALL'",
    ],
    [
      inStep("if (log.op.toString() == 'FOOBARBAZ') {}"),
      "geth has no opcode named 'FOOBARBAZ', so this comparison is never true",
      '4:26',
    ],
    [
      inStep('if (log.op.toString() == "SLAOD") {}'),
      "geth has no opcode named 'SLAOD'; did you mean 'SLOAD'?",
      '4:26',
      '== "SLOAD"',
    ],
  ];
  it.each(cases)('%s', (code, message, at, fixedPart) => {
    const fixed = expectInvalid(code, rule, message, at);
    if (fixedPart) expect(fixed).toContain(fixedPart);
    else expect(fixed).toBeUndefined();
  });

  it('is a warning', () => {
    expect(single(inStep("log.op.toString() == 'SLAOD'"), rule).severity).toBe('warning');
  });
});

describe('tracer/unknown-call-type', () => {
  it.each([
    inEnterExit("if (frame.getType() == 'DELEGATECALL' || frame.getType() === 'SELFDESTRUCT') {}"),
    inResult("return ctx.type == 'CREATE' ? 1 : 2;"),
  ])('accepts %s', (code) => expectValid(code, ['tracer/unknown-call-type']));

  it.each([
    [
      inEnterExit("if (frame.getType() == 'CALLL') {}"),
      "frame.getType() is never 'CALLL' (it is one of CALL, CALLCODE, DELEGATECALL, STATICCALL, CREATE, CREATE2, SELFDESTRUCT); did you mean 'CALL'?",
      '4:24',
      "'CALL'",
    ],
    [
      inResult("return ctx.type == 'CREATE2';"),
      "ctx.type is never 'CREATE2' (it is one of CALL, CREATE); did you mean 'CREATE'?",
      '4:20',
      "'CREATE'",
    ],
    [
      inResult("return ctx.type == 'call';"),
      "ctx.type is never 'call' (it is one of CALL, CREATE); did you mean 'CALL'?",
      '4:20',
      "'CALL'",
    ],
  ])('%s', (code, message, at, fixedPart) => {
    expect(expectInvalid(code, 'tracer/unknown-call-type', message, at)).toContain(fixedPart);
  });
});
