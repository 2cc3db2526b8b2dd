import { beforeAll, describe, expect, it } from 'vitest';
import { MerklePatriciaTrie, verifyMerkleProof, verifyMPTWithMerkleProof } from '@ethereumjs/mpt';
import { MerkleStateManager, verifyMerkleStateProof } from '@ethereumjs/statemanager';
import { hexToBytes } from '@ethereumjs/util';
import { keccak256 } from 'ethereum-cryptography/keccak.js';
import { bytesToHex } from '@ethereumjs/util';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { EmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { encodeCallHex } from '../../../src/evm/node/abi.ts';
import { demoAccounts } from '../../../src/evm/node/demoAccounts.ts';

// eth_createAccessList (geth's {accessList, error?, gasUsed}) and eth_getProof (EIP-1186, checked by @ethereumjs).

let node: EmbeddedNode;
let id = 1;
const answer = async (method: string, params: unknown[]) => {
  const r = (await node.request({ jsonrpc: '2.0', id: id++, method, params })) as {
    result?: unknown;
    error?: { code: number; message: string };
  };
  return (r.error ?? r.result) as any;
};

const alice = demoAccounts.alice.address.toString();
const bob = demoAccounts.bob.address.toString();
const nobody = '0x' + '12'.repeat(20);
const token = '0x4eb043c48b57c15ea74e7602196405bb4410f8d2';
const reverter = '0x6dadb86c7a871e9dd3dec478eeb259801ed71fa5';
const transfer5 = encodeCallHex('DemoToken', 'transfer(address,uint256)', [bob as `0x${string}`, 5n]);
const check42 = encodeCallHex('Reverter', 'check(uint256)', [42n]);
const emptyCodeHash = bytesToHex(keccak256(new Uint8Array(0)));
/** keccak256(rlp('')): the root of an empty trie. */
const emptyRoot = '0x56e81f171bcc55a6ff8345e692c0f86e5b48e01b996cadc001622fb5e363b421';
const zero32 = '0x' + '00'.repeat(32);

beforeAll(async () => {
  node = await createEmbeddedNode();
});

describe('eth_createAccessList', () => {
  it("lists the token's two balance slots (under the excluded recipient, like geth) and the gas with that list", async () => {
    const call = { from: alice, to: token, data: transfer5 };
    const out = await answer('eth_createAccessList', [call]);
    expect(Object.keys(out)).toEqual(['accessList', 'gasUsed']);
    expect(out.accessList).toHaveLength(1);
    expect(out.accessList[0].address).toBe(token);
    const keys: string[] = out.accessList[0].storageKeys;
    expect(keys).toHaveLength(2);
    expect([...keys].sort()).toEqual(keys);
    // Mined without a list, the same transfer pays 2,100 for each cold slot instead of 100; the list costs 2,400 for
    // the address and 1,900 per key (EIP-2929/2930): 2,200 more.
    const hash = await answer('eth_sendTransaction', [call]);
    const receipt = await answer('eth_getTransactionReceipt', [hash]);
    const before = await answer('eth_createAccessList', [
      call,
      `0x${(BigInt(receipt.blockNumber) - 1n).toString(16)}`,
    ]);
    expect(before.accessList).toEqual(out.accessList);
    expect(BigInt(before.gasUsed)).toBe(BigInt(receipt.gasUsed) + 2400n + 2n * 1900n - 2n * 2000n);
  });

  it('a failing call gives its error in geth words, between the list and the gas', async () => {
    const out = await answer('eth_createAccessList', [{ from: alice, to: reverter, data: check42 }]);
    expect(Object.keys(out)).toEqual(['accessList', 'error', 'gasUsed']);
    expect(out.error).toBe('execution reverted');
  });

  it('a plain transfer needs no list', async () => {
    expect(await answer('eth_createAccessList', [{ from: alice, to: bob, value: '0x1' }])).toEqual({
      accessList: [],
      gasUsed: '0x5208',
    });
  });

  it.each([
    [[], -32602, 'missing value for required argument 0'],
    [[{ from: alice }, 'latest', {}, 1], -32602, 'too many arguments, want at most 3'],
    [[{ from: alice, to: bob }, '0x99'], -32000, 'header not found'],
  ])('%j → %i %s', async (params, code, message) => {
    expect(await answer('eth_createAccessList', params)).toEqual({ code, message });
  });

  it('without fees the sender must afford the gas at the default fees (not only the value), named as geth does', async () => {
    const out = await answer('eth_createAccessList', [{ from: nobody, to: bob, value: '0x1' }]);
    expect(out.code).toBe(-32000);
    const m = new RegExp(
      `^failed to apply transaction: 0x[0-9a-f]{64} err: insufficient funds for gas \\* price \\+ value: ` +
        `address ${nobody} have 0 want (\\d+)$`,
    ).exec(out.message);
    expect(m).not.toBeNull();
    // At least the RPC gas cap × (1 gwei tip + the base fee), plus the value.
    const baseFee = BigInt((await answer('eth_getBlockByNumber', ['latest', false])).baseFeePerGas);
    expect(BigInt(m![1])).toBeGreaterThanOrEqual(50_000_000n * (1_000_000_000n + baseFee) + 1n);
  });

  it("with a fee cap below the tip, geth's fee-default error", async () => {
    expect(
      await answer('eth_createAccessList', [
        { from: alice, to: bob, maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' },
      ]),
    ).toEqual({ code: -32000, message: 'maxFeePerGas (0x1) < maxPriorityFeePerGas (0x2)' });
  });
});

describe('eth_getProof', () => {
  it("an account's proof verifies with @ethereumjs and carries its balance and nonce", async () => {
    const proof = await answer('eth_getProof', [alice, []]);
    expect(Object.keys(proof)).toEqual([
      'address',
      'accountProof',
      'balance',
      'codeHash',
      'nonce',
      'storageHash',
      'storageProof',
    ]);
    expect(proof.balance).toBe(await answer('eth_getBalance', [alice, 'latest']));
    expect(proof.nonce).toBe(await answer('eth_getTransactionCount', [alice, 'latest']));
    expect([proof.codeHash, proof.storageHash, proof.storageProof]).toEqual([emptyCodeHash, emptyRoot, []]);
    expect(await verifyMerkleStateProof(new MerkleStateManager(), proof)).toBe(true);
  });

  it("a contract's storage proofs verify against its storageHash, and every account against one state root", async () => {
    // 32-byte keys: @ethereumjs' verifier hashes the key as given (geth gives a shorter key back as a quantity).
    const slots = ['0x' + '00'.repeat(32), '0x' + '00'.repeat(31) + '02', '0x' + 'ab'.repeat(32)];
    const proof = await answer('eth_getProof', [token, slots, 'latest']);
    expect(proof.codeHash).toBe(
      bytesToHex(keccak256(hexToBytes(await answer('eth_getCode', [token, 'latest'])))),
    );
    expect(proof.storageProof.map((s: { key: string }) => s.key)).toEqual(slots);
    expect(await verifyMerkleStateProof(new MerkleStateManager(), proof)).toBe(true);
    for (const s of proof.storageProof) {
      const expected = await answer('eth_getStorageAt', [token, s.key, 'latest']);
      expect(BigInt(s.value)).toBe(BigInt(expected));
      const key = hexToBytes(('0x' + BigInt(s.key).toString(16).padStart(64, '0')) as `0x${string}`);
      const trie = new MerklePatriciaTrie({ useKeyHashing: true });
      const found = await verifyMPTWithMerkleProof(
        trie,
        hexToBytes(proof.storageHash),
        key,
        s.proof.map(hexToBytes),
      );
      expect(found === null).toBe(BigInt(s.value) === 0n);
    }
    const other = await answer('eth_getProof', [alice, []]);
    const root = (p: { accountProof: string[] }) =>
      bytesToHex(keccak256(hexToBytes(p.accountProof[0] as `0x${string}`)));
    expect(root(proof)).toBe(root(other));
  });

  it("every proof leads to its block header's stateRoot, in every block and after a new one is mined", async () => {
    await answer('eth_sendTransaction', [{ from: alice, to: token, data: transfer5 }]);
    const head = Number(await answer('eth_blockNumber', []));
    expect(head).toBeGreaterThan(3);
    const accounts = [alice, bob, token, reverter, nobody];
    for (let n = 0; n <= head; n++) {
      const tag = `0x${n.toString(16)}`;
      const { stateRoot } = await answer('eth_getBlockByNumber', [tag, false]);
      for (const a of accounts) {
        const proof = await answer('eth_getProof', [a, [zero32], tag]);
        const root = hexToBytes(stateRoot);
        // Verified against the header's root: the account's leaf (or its absence) must be what the proof says.
        const leaf = await verifyMPTWithMerkleProof(
          new MerklePatriciaTrie({ useKeyHashing: true }),
          root,
          hexToBytes(a as `0x${string}`),
          proof.accountProof.map(hexToBytes),
        );
        expect(leaf === null, `${a} at block ${n}`).toBe(
          proof.nonce === '0x0' && proof.balance === '0x0' && proof.codeHash === zero32,
        );
      }
    }
  });

  it('a missing account: zero hashes like geth, and a proof of absence', async () => {
    const proof = await answer('eth_getProof', [nobody, ['0x1']]);
    expect({ ...proof, accountProof: [] }).toEqual({
      address: nobody,
      accountProof: [],
      balance: '0x0',
      codeHash: zero32,
      nonce: '0x0',
      storageHash: zero32,
      storageProof: [{ key: '0x1', value: '0x0', proof: [] }],
    });
    expect(
      await verifyMerkleProof(hexToBytes(nobody as `0x${string}`), proof.accountProof.map(hexToBytes), {
        useKeyHashing: true,
      }),
    ).toBeNull();
  });

  it('keys come back as sent: a 32-byte one as a hash, a shorter one (0x optional) as a quantity', async () => {
    const proof = await answer('eth_getProof', [token, ['0x0', '2', '0x' + '00'.repeat(32)]]);
    expect(proof.storageProof.map((s: { key: string }) => s.key)).toEqual([
      '0x0',
      '0x2',
      '0x' + '00'.repeat(32),
    ]);
    expect(proof.storageProof[0]).toEqual(proof.storageProof[2] && { ...proof.storageProof[2], key: '0x0' });
  });

  it.each([
    ['no keys', [alice], -32602, 'missing value for required argument 1'],
    [
      '1025 keys',
      [alice, Array(1025).fill('0x1')],
      -32602,
      'too many storage keys requested (max 1024, got 1025)',
    ],
    [
      'a 33-byte key',
      [alice, ['0x' + '1'.repeat(65)]],
      -32602,
      `storage key too long (want at most 32 bytes): "0x${'1'.repeat(65)}"`,
    ],
    ['bad hex', [alice, ['0xzz']], -32602, 'invalid hex in storage key: "0xzz"'],
    [
      'keys not a list',
      [alice, '0x1'],
      -32602,
      'invalid argument 1: json: cannot unmarshal string into Go value of type []string',
    ],
    ['an unknown block', [alice, [], '0x99'], -32000, 'header not found'],
  ])('%s → %i %s', async (_name, params, code, message) => {
    expect(await answer('eth_getProof', params)).toEqual({ code, message });
  });
});
