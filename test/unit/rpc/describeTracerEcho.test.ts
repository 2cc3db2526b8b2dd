import { describe, expect, it } from 'vitest';
import {
  describeIgnoredResult,
  detectClientFamily,
} from '../../../src/core/rpc/protocol/describeTracerEcho.ts';

describe('detectClientFamily', () => {
  it.each([
    ['Geth/v1.14.0-stable-87246f3c/linux-amd64/go1.22.1', 'geth'],
    ['erigon/2.60.0/linux-amd64/go1.21.5', 'erigon'],
    ['Nethermind/v1.25.4+20b10b35/linux-x64/dotnet8.0.2', 'nethermind'],
    ['besu/v24.1.0/linux-x86_64/openjdk-java-17', 'besu'],
    ['reth/v1.0.0-5fc9d2d/x86_64-unknown-linux-gnu', 'reth'],
    ['anvil/v0.2.0', 'anvil'],
    ['HardhatNetwork/2.29.1/@nomicfoundation/edr/0.3.8', 'hardhat'],
    ['Ganache/v7.9.2/EthereumJS TestRPC/v7.9.2/ethereum-js', 'ganache'],
    ['bor/v1.2.3/linux-amd64/go1.21', 'bor'],
    ['SomethingElse/1.0', 'unknown'],
  ])('%s → %s', (version, family) => expect(detectClientFamily(version)).toBe(family));

  it('falls back to error texts', () => {
    expect(detectClientFamily(undefined, ['x', 'Hardhat currently only supports the default tracer'])).toBe(
      'hardhat',
    );
    expect(detectClientFamily(undefined, ["Invalid TracerType: x. Valid values are: ''"])).toBe('besu');
    expect(detectClientFamily(undefined, [])).toBe('unknown');
  });

  it.each<[string | undefined, string[] | undefined, string]>([
    ['SomethingElse/1.0', undefined, 'unknown'],
    [undefined, undefined, 'unknown'],
    ['SomethingElse/1.0', ['Hardhat currently only supports the default tracer'], 'hardhat'],
    [undefined, ['Success', "Invalid TracerType: x. Valid values are: ''"], 'besu'],
    // The version wins over any error text.
    ['Geth/v1.14.0', ['Hardhat currently only supports the default tracer'], 'geth'],
    // A phrase is looked for in one text, not across two.
    [undefined, ['Hardhat currently', 'only supports the default tracer'], 'unknown'],
  ])('version %s, errors %j → %s', (version, errors, family) =>
    expect(detectClientFamily(version, errors)).toBe(family),
  );
});

describe('describeIgnoredResult', () => {
  it.each([
    [
      { gas: 21000, failed: false, returnValue: '', structLogs: [{}, {}] },
      'an opcode-logger trace ({gas, structLogs: [2 steps]})',
    ],
    [{}, 'an empty object {}'],
    [
      { type: 'CALL', from: '0x0', to: '0x1', gas: '0x0', gasUsed: '0x0' },
      'a callTracer frame ({type, from, to, gas…})',
    ],
    [{ a: 1, b: 2 }, 'an object with keys a, b'],
    [{ type: 'CALL', from: '0x0', gas: '0x0' }, 'a callTracer frame ({type, from, to, gas…})'],
    [{ type: 'CALL', from: '0x0', gasUsed: '0x0' }, 'a callTracer frame ({type, from, to, gas…})'],
    [{ type: 'CALL', from: '0x0' }, 'an object with keys type, from'],
    [{ type: 'CALL', gas: '0x0' }, 'an object with keys type, gas'],
    [{ from: '0x0', gas: '0x0' }, 'an object with keys from, gas'],
    [{ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7 }, 'an object with keys a, b, c, d, e, f'],
    ['y'.repeat(100), `the value "${'y'.repeat(79)}`],
    [undefined, 'the value undefined'],
    [[1, 2], 'an array of 2'],
    ['other', 'the value "other"'],
    [null, 'the value null'],
  ])('%j → %s', (result, text) => expect(describeIgnoredResult(result)).toBe(text));
});
