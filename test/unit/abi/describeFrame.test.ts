import { describe, expect, it } from 'vitest';
import { createAbiBook, parseAbiText, signatureOfSelector } from '../../../src/core/abi/abiBook.ts';
import { decodeCallInput, decodeLogEntry, decodeRevertData } from '../../../src/core/abi/decodeAbiData.ts';
import { describeFrame, describeWei, hexLines } from '../../../src/core/abi/describeFrame.ts';
import type { FrameDetail } from '../../../src/core/result/viewData.ts';

const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');
const bob = '0x00000000000000000000000000000000000000b0';
// viem gives addresses with their EIP-55 checksum.
const bobChecksummed = '0x00000000000000000000000000000000000000B0';
const transferInput = '0xa9059cbb' + word(bob) + word((1000n * 10n ** 18n).toString(16));
const book = createAbiBook();

const frame = (over: Partial<FrameDetail>): FrameDetail => ({
  path: [],
  type: 'CALL',
  from: '0x00000000000000000000000000000000000000a1',
  to: '0x00000000000000000000000000000000000000c0',
  valueWei: null,
  gas: 100000,
  gasUsed: 51234,
  input: '0x',
  output: '0x',
  error: null,
  revertReason: null,
  logs: [],
  ...over,
});

describe('call data decoded from the shipped table', () => {
  it.each([
    [
      'ERC-20 transfer',
      transferInput,
      'transfer(address,uint256)',
      ['to address ' + bobChecksummed, 'amount uint256 1000000000000000000000'],
    ],
    [
      'WETH withdraw',
      '0x2e1a7d4d' + word('0x0de0b6b3a7640000'),
      'withdraw(uint256)',
      ['amount uint256 1000000000000000000'],
    ],
    ['demo CallProbe.run(7)', '0xa444f5e9' + word('7'), 'run(uint256)', ['x uint256 7']],
    [
      'ERC-20 approve, upper-case selector',
      '0x095EA7B3' + word(bob) + word('ff'),
      'approve(address,uint256)',
      ['spender address ' + bobChecksummed, 'amount uint256 255'],
    ],
  ])('%s', (_, input, signature, args) => {
    const d = decodeCallInput(book, input);
    expect(d?.signature).toBe(signature);
    expect(d?.args.map((a) => `${a.name} ${a.type} ${a.value}`)).toEqual(args);
  });
  it.each([
    ['an unknown selector', '0xdeadbeef' + word('1')],
    ['data too short for the arguments', '0xa9059cbb' + word(bob)],
    ['no selector', '0x12'],
    ['not hex', 'transfer'],
  ])('%s decodes to nothing', (_, input) => {
    expect(decodeCallInput(book, input)).toBeNull();
  });
});

describe('logs and reverts', () => {
  const transferTopic = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
  it('an ERC-20 Transfer (value in data)', () => {
    const d = decodeLogEntry(book, [transferTopic, '0x' + word('a1'), '0x' + word('b0')], '0x' + word('64'));
    expect(d?.signature).toBe('Transfer(address,address,uint256)');
    expect(d?.args.map((a) => `${a.name}=${a.value}`)).toEqual([
      'from=0x00000000000000000000000000000000000000A1',
      'to=' + bobChecksummed,
      'value=100',
    ]);
  });
  it('an ERC-721 Transfer (token id as a third topic) under the same topic 0', () => {
    const d = decodeLogEntry(
      book,
      [transferTopic, '0x' + word('a1'), '0x' + word('b0'), '0x' + word('2a')],
      '0x',
    );
    expect(d?.args.map((a) => `${a.name}=${a.value}`)).toContain('tokenId=42');
  });
  it.each([
    [
      'Error(string)',
      '0x08c379a0' +
        word('20') +
        word('4') +
        '6e6f706500000000000000000000000000000000000000000000000000000000',
      'Error',
      'nope',
    ],
    ['Panic(uint256) 0x11', '0x4e487b71' + word('11'), 'Panic', '17'],
  ])('revert data %s', (_, output, name, value) => {
    const d = decodeRevertData(book, output);
    expect(d?.name).toBe(name);
    expect(d?.args[0].value).toBe(value);
  });
});

describe('a pasted ABI', () => {
  it.each([
    ['human-readable lines', 'function deposit(uint256 shares, address receiver) returns (uint256)'],
    [
      'solc JSON',
      JSON.stringify([
        {
          type: 'function',
          name: 'deposit',
          stateMutability: 'nonpayable',
          inputs: [
            { name: 'shares', type: 'uint256' },
            { name: 'receiver', type: 'address' },
          ],
          outputs: [{ name: '', type: 'uint256' }],
        },
      ]),
    ],
    [
      'a Hardhat artifact',
      JSON.stringify({
        abi: [
          {
            type: 'function',
            name: 'deposit',
            stateMutability: 'nonpayable',
            inputs: [
              { name: 'shares', type: 'uint256' },
              { name: 'receiver', type: 'address' },
            ],
            outputs: [],
          },
        ],
      }),
    ],
  ])('names a selector the table does not know: %s', (_, text) => {
    const parsed = parseAbiText(text);
    expect(parsed.error).toBeNull();
    const mine = createAbiBook(parsed.abi);
    expect(mine.userItems).toBe(1);
    expect(signatureOfSelector(book, '0x6e553f65')).toBeNull();
    expect(signatureOfSelector(mine, '0x6e553f65')).toBe('deposit(uint256,address)');
  });
  it.each([
    ['broken JSON', '[{"type": "function"', /JSON|Unexpected|Expected/],
    ['JSON without an ABI array', '{"bytecode": "0x"}', /no ABI array/],
    ['a line that is no declaration', 'hello world', /.+/],
  ])('%s says why it cannot be read', (_, text, message) => {
    const parsed = parseAbiText(text);
    expect(parsed.abi).toEqual([]);
    expect(parsed.error).toMatch(message);
  });
});

describe('describeFrame', () => {
  it('fields of a call with value, decoded input and output', () => {
    const facts = describeFrame(
      frame({
        path: [1, 0],
        valueWei: '1500000000000000000',
        input: transferInput,
        output: '0x' + word('1'),
      }),
      book,
    );
    expect(facts.title).toBe('transfer(address,uint256)');
    expect(Object.fromEntries(facts.fields.map((f) => [f.label, f.value]))).toEqual({
      Type: 'CALL',
      From: '0x00000000000000000000000000000000000000a1',
      To: '0x00000000000000000000000000000000000000c0',
      Value: '1500000000000000000 wei (1.5 ETH)',
      Gas: '100,000',
      'Gas used': '51,234',
      Path: '1 › 0',
    });
    expect(facts.outputArgs?.map((a) => `${a.type} ${a.value}`)).toEqual(['bool true']);
  });
  it.each([
    ['an unknown selector: the selector', frame({ input: '0xdeadbeef' }), '0xdeadbeef'],
    ['no input: the type', frame({}), 'CALL'],
    [
      'a creation: never a selector',
      frame({ type: 'CREATE2', input: transferInput }),
      'CREATE2 (contract creation)',
    ],
  ])('title of %s', (_, d, title) => {
    expect(describeFrame(d, book).title).toBe(title);
  });
  it('a failed frame names its error, reason and decoded revert data', () => {
    const output = '0x4e487b71' + word('12');
    const facts = describeFrame(
      frame({ error: 'execution reverted', revertReason: 'division by zero', output }),
      book,
    );
    expect(facts.fields.slice(-2).map((f) => `${f.label}: ${f.value}`)).toEqual([
      'Error: execution reverted',
      'Revert reason: division by zero',
    ]);
    expect(facts.revert?.signature).toBe('Panic(uint256)');
  });
});

describe('formatting', () => {
  it.each([
    [null, '—'],
    ['0', '0 wei (0 ETH)'],
    ['1', '1 wei (0.000000000000000001 ETH)'],
    ['1234000000000000000000', '1234000000000000000000 wei (1,234 ETH)'],
  ])('describeWei(%s) = %s', (wei, text) => {
    expect(describeWei(wei)).toBe(text);
  });
  it.each([
    ['0x', true, ['0x']],
    [transferInput, true, ['0xa9059cbb', word(bob), word('3635c9adc5dea00000')]],
    ['0x' + word('1') + 'ab', false, ['0x' + word('1'), 'ab']],
  ])('hexLines(%s)', (hex, selector, lines) => {
    expect(hexLines(hex as string, selector as boolean)).toEqual(lines);
  });
});
