import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { keccak256 } from 'ethereum-cryptography/keccak.js';
import { bytesToHex, hexToBytes } from 'ethereum-cryptography/utils.js';
import { describe, expect, it } from 'vitest';
import type { FixtureDefaults } from '../../../src/core/fixture/fixtureTypes.ts';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { loadFixture } from '../../../src/core/fixture/loadFixture.ts';
import { checkFixtureText } from '../../../src/ui/replay/checkFixtureText.ts';
import { fixtureFileName, summarizeFixture } from '../../../src/ui/replay/summarizeFixture.ts';

const simplePath = join(
  import.meta.dirname,
  '../../../../shared/conformance/geth-tracetest/call_tracer/simple.json',
);
const simpleText = readFileSync(simplePath, 'utf8');

const okInput = '"input":"0xf86b"';
const cases: [string, string, string][] = [
  ['empty file', '  \n', 'The file is empty: a fixture is a JSON object with genesis, context and input'],
  ['not JSON', '{"genesis": ', 'The file is not valid JSON: '],
  [
    'array',
    '[]',
    'A fixture is a JSON object with genesis, context and input (geth tracetest format), but this file holds an array',
  ],
  ['string', '"x"', 'but this file holds the string "x"'],
  ['null', 'null', 'but this file holds null'],
  [
    'no genesis',
    `{"context":{},${okInput}}`,
    'The fixture has no "genesis" (the chain config and the accounts before the transaction)',
  ],
  [
    'genesis not object',
    `{"genesis":5,"context":{},${okInput}}`,
    'The fixture: "genesis" must be an object (the chain config and the accounts before the transaction), got the number 5',
  ],
  [
    'no alloc',
    `{"genesis":{"config":{}},"context":{},${okInput}}`,
    'The genesis has no "alloc" (the accounts before the transaction)',
  ],
  [
    'alloc array',
    `{"genesis":{"alloc":[]},"context":{},${okInput}}`,
    'The genesis: "alloc" must be an object (the accounts before the transaction), got an array',
  ],
  [
    'no context',
    `{"genesis":{"alloc":{}},${okInput}}`,
    'The fixture has no "context" (the traced block: number, timestamp, miner, gasLimit)',
  ],
  [
    'no input',
    '{"genesis":{"alloc":{}},"context":{}}',
    'The fixture has no "input" (the raw signed transaction as 0x… hex)',
  ],
  [
    'input not hex',
    '{"genesis":{"alloc":{}},"context":{},"input":"f86b"}',
    'The fixture: "input" must be the raw signed transaction as 0x… hex bytes, got the string "f86b"',
  ],
  ['input odd digits', '{"genesis":{"alloc":{}},"context":{},"input":"0xf86"}', 'got the string "0xf86"'],
  ['input number', '{"genesis":{"alloc":{}},"context":{},"input":12}', 'got the number 12'],
];

describe('checkFixtureText', () => {
  it.each(cases)('%s', (_name, text, message) => {
    const r = checkFixtureText(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain(message);
  });

  it('reads keys in any letter case, as geth does', () => {
    const r = checkFixtureText('{"Genesis":{"ALLOC":{}},"Context":{},"INPUT":"0xf86b"}');
    expect(r.ok).toBe(true);
  });

  it('accepts a geth tracetest file', () => {
    const r = checkFixtureText(simpleText);
    expect(r.ok).toBe(true);
    if (r.ok) expect(Object.keys(r.json).sort()).toEqual(['context', 'genesis', 'input', 'result']);
  });
});

describe('summarizeFixture', () => {
  it('summarizes call_tracer/simple.json with what the embedded node decoded', async () => {
    const json = JSON.parse(simpleText) as Record<string, unknown>;
    const node = await createEmbeddedNode({ fixture: loadFixture(simpleText) });
    const rows = summarizeFixture(json, node.demoDefaults as FixtureDefaults);
    // Legacy transaction: its hash is keccak256 of the raw bytes.
    const txHash = `0x${bytesToHex(keccak256(hexToBytes((json.input as string).slice(2))))}`;
    expect(rows).toEqual([
      { label: 'Chain id', value: '3' },
      { label: 'Block', value: '2289806 (0x22f08e)' },
      { label: 'Transaction', value: txHash },
      { label: 'From', value: '0xb436ba50d378d4bbc8660d312a13df6af6e89dfb' },
      { label: 'To', value: '0x3b873a919aa0512d5a0f09e6dcceaa4a6727fafe' },
      { label: 'Expected result', value: 'included (shown below, to compare with your tracer)' },
    ]);
  });

  it('says when the chain id is missing, names a creation and shows tracerConfig', () => {
    const defaults: FixtureDefaults = {
      txHash: `0x${'11'.repeat(32)}`,
      blockNumber: '0x10',
      blockHash: `0x${'22'.repeat(32)}`,
      call: { from: `0x${'33'.repeat(20)}`, data: '0x', value: '0x0', gas: '0x5208' },
      callBlock: '0xf',
    };
    const rows = summarizeFixture(
      { genesis: { config: {} }, context: { number: '0x10' }, tracerConfig: { withLog: true } },
      defaults,
    );
    expect(rows).toEqual([
      { label: 'Chain id', value: 'not set in the fixture' },
      { label: 'Block', value: '16 (0x10)' },
      { label: 'Transaction', value: `0x${'11'.repeat(32)}` },
      { label: 'From', value: `0x${'33'.repeat(20)}` },
      { label: 'To', value: 'none (contract creation)' },
      { label: 'tracerConfig', value: '{"withLog":true}' },
    ]);
  });
});

describe('fixtureFileName', () => {
  it.each([
    [`0xABCDEF12${'0'.repeat(56)}`, 'fixture-0xabcdef12.json'],
    [`0x${'9'.repeat(64)}`, 'fixture-0x99999999.json'],
  ])('%s → %s', (hash, name) => expect(fixtureFileName(hash)).toBe(name));
});
