import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeRawTransaction } from '../../../src/core/bitcoin/decodeRawTransaction.ts';
import { classifyScript } from '../../../src/core/bitcoin/classifyScript.ts';

// The coinbase transaction of the genesis block (its txid is the block's well-known merkle root).
const genesisCoinbase =
  '01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000';

// BIP143's "native P2WPKH" signed example: input 0 legacy P2PK (no witness), input 1 P2WPKH, outputs 1.1234 and 2.2345 BTC.
const bip143 = {
  version: '01000000',
  markerFlag: '0001',
  body: '02fff7f7881a8099afa6940d42d1e7f6362bec38171ea3edf433541db4e4ad969f00000000494830450221008b9d1dc26ba6a9cb62127b02742fa9d754cd3bebf337f7a55d114c8e5cdd30be022040529b194ba3f9281a99f2b1c0a19c0489bc22ede944ccf4ecbab4cc618ef3ed01eeffffffef51e1b804cc89d182d279655c3aa89e815b1b309fe287d9b2b55d57b90ec68a0100000000ffffffff02202cb206000000001976a9148280b37df378db99f66f85c95a783a76ac7a6d5988ac9093510d000000001976a9143bde42dbee7e4dbe6a21b2d50ce2f0167faa815988ac',
  witness:
    '000247304402203609e17b84f6a7d30c80bfa610b5b4542f32a8a0d5447a12fb1366d7f01cc44a0220573a954c4518331561406f90300e8f3358f51928d43c212a8caed02de67eebee0121025476c2e83188368da1ff3e292e7acafcdb3566bb0ad253f62fc70f07aeee6357',
  locktime: '11000000',
};
const bip143Hex = bip143.version + bip143.markerFlag + bip143.body + bip143.witness + bip143.locktime;
const bip143Stripped = bip143.version + bip143.body + bip143.locktime;

// Independent of the code under test: node's own SHA-256, byte-reversed as Bitcoin shows hashes.
const dsha = (hex: string) =>
  Buffer.from(
    createHash('sha256')
      .update(createHash('sha256').update(Buffer.from(hex, 'hex')).digest())
      .digest(),
  )
    .reverse()
    .toString('hex');

describe('decodeRawTransaction', () => {
  it('decodes the genesis coinbase transaction', () => {
    const r = decodeRawTransaction(genesisCoinbase);
    expect(r).toEqual({
      ok: true,
      value: {
        txid: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
        hash: '4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b',
        version: 1,
        size: 204,
        vsize: 204,
        weight: 816,
        locktime: 0,
        vin: [
          {
            coinbase:
              '04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73',
            sequence: 4294967295,
          },
        ],
        vout: [
          {
            value: 50,
            n: 0,
            scriptPubKey: {
              hex: '4104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac',
              type: 'pubkey',
            },
          },
        ],
      },
    });
  });

  it('decodes a segwit transaction: txid without witness, hash with it, weight and vsize', () => {
    const r = decodeRawTransaction(bip143Hex);
    if (!r.ok) throw new Error(r.message);
    const tx = r.value;
    expect(tx.txid).toBe(dsha(bip143Stripped));
    expect(tx.hash).toBe(dsha(bip143Hex));
    expect(tx.txid).not.toBe(tx.hash);
    expect(tx.size).toBe(343);
    expect(tx.weight).toBe(233 * 3 + 343);
    expect(tx.vsize).toBe(261);
    expect(tx.version).toBe(1);
    expect(tx.locktime).toBe(17);
    expect(tx.vin).toEqual([
      {
        txid: '9f96ade4b41d5433f4eda31e1738ec2b36f6e7d1420d94a6af99801a88f7f7ff',
        vout: 0,
        scriptSig: {
          hex: '4830450221008b9d1dc26ba6a9cb62127b02742fa9d754cd3bebf337f7a55d114c8e5cdd30be022040529b194ba3f9281a99f2b1c0a19c0489bc22ede944ccf4ecbab4cc618ef3ed01',
        },
        sequence: 0xffffffee,
      },
      {
        txid: '8ac60eb9575db5b2d987e29f301b5b819ea83a5c6579d282d189cc04b8e151ef',
        vout: 1,
        scriptSig: { hex: '' },
        txinwitness: [
          '304402203609e17b84f6a7d30c80bfa610b5b4542f32a8a0d5447a12fb1366d7f01cc44a0220573a954c4518331561406f90300e8f3358f51928d43c212a8caed02de67eebee01',
          '025476c2e83188368da1ff3e292e7acafcdb3566bb0ad253f62fc70f07aeee6357',
        ],
        sequence: 4294967295,
      },
    ]);
    expect(tx.vout.map((o) => [o.value, o.n, o.scriptPubKey.type])).toEqual([
      [1.1234, 0, 'pubkeyhash'],
      [2.2345, 1, 'pubkeyhash'],
    ]);
  });

  it('decodes the same transaction without its witness to the same txid', () => {
    const r = decodeRawTransaction(bip143Stripped);
    if (!r.ok) throw new Error(r.message);
    expect(r.value.txid).toBe(r.value.hash);
    expect(r.value.txid).toBe(dsha(bip143Stripped));
    expect(r.value.size).toBe(233);
    expect(r.value.vin.some((v) => 'txinwitness' in v)).toBe(false);
  });

  it('accepts upper-case hex and surrounding white space', () => {
    const r = decodeRawTransaction(`  ${genesisCoinbase.toUpperCase()}\n`);
    expect(r.ok && r.value.txid).toBe('4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b');
  });

  const bad: [string, string, string][] = [
    ['empty', '', 'Empty input: paste the hex of a raw transaction'],
    ['not hex', '01000000zz', 'Not a hex string: "z" at character 8'],
    ['odd length', '010', 'Odd number of hex digits (3): a byte is cut in half'],
    [
      'version only',
      '01000000',
      'The transaction ends early: input count at byte 4 needs 1 byte(s), only 0 left',
    ],
    [
      'truncated locktime',
      genesisCoinbase.slice(0, -4),
      'The transaction ends early: locktime at byte 200 needs 4 byte(s), only 2 left',
    ],
    [
      'truncated script',
      genesisCoinbase.slice(0, 100),
      'The transaction ends early: input 0 scriptSig at byte 42 needs 77 byte(s), only 8 left',
    ],
    ['trailing bytes', genesisCoinbase + '00ff', '2 unexpected byte(s) after the locktime, from byte 204 on'],
    [
      'non-canonical count',
      '01000000fd0100',
      'Bad length prefix for input count at byte 4: 1 is not written in its shortest form',
    ],
    [
      'huge count',
      '01000000fe00000010',
      'Bad length prefix for input count at byte 4: 268435456 is larger than any transaction',
    ],
    ['unknown segwit flag', '01000000000201', 'Unknown segwit flag 2 at byte 5 (only 1 is defined)'],
  ];
  it.each(bad)('%s → message', (_name, hex, message) => {
    expect(decodeRawTransaction(hex)).toEqual({ ok: false, message });
  });

  it('refuses a segwit marker with only empty witnesses', () => {
    const hex = bip143.version + bip143.markerFlag + bip143.body + '0000' + bip143.locktime;
    expect(decodeRawTransaction(hex)).toEqual({
      ok: false,
      message: 'Segwit marker present but every witness is empty (superfluous witness record)',
    });
  });
});

describe('classifyScript', () => {
  const table: [string, string][] = [
    ['76a9148280b37df378db99f66f85c95a783a76ac7a6d5988ac', 'pubkeyhash'],
    ['a9144733f37cf4db86fbc2efed2500b4f4e49f31202387', 'scripthash'],
    ['00141d0f172a0ecb48aee1be1f2687d2963ae33f71a1', 'witness_v0_keyhash'],
    ['0020' + '11'.repeat(32), 'witness_v0_scripthash'],
    ['5120' + '22'.repeat(32), 'witness_v1_taproot'],
    ['5210' + '33'.repeat(16), 'witness_unknown'],
    ['51024e73', 'anchor'],
    ['6a0b68656c6c6f20776f726c64', 'nulldata'],
    ['6a', 'nulldata'],
    ['21' + '02'.repeat(33) + 'ac', 'pubkey'],
    ['5121' + '02'.repeat(33) + '21' + '03'.repeat(33) + '52ae', 'multisig'],
    ['5221' + '02'.repeat(33) + '51ae', 'nonstandard'],
    ['6aac', 'nonstandard'],
    ['', 'nonstandard'],
  ];
  it.each(table)('%s → %s', (hex, type) => expect(classifyScript(hex)).toBe(type));
});
