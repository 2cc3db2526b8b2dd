import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import type { EmbeddedNode } from '../../../src/evm/node/createEmbeddedNode.ts';
import { type RunningNode, rpc, startAnvil } from '../../helpers/nodes.ts';

const who = '0x0000000000000000000000000000000000000abc';
const word = (n: number) => '0x' + n.toString(16).padStart(64, '0');

/**
 * One step of a dev-chain session, sent to anvil and to the embedded node alike; `blocks` steps compare the number of
 * blocks since the session began (the chains start at different heights), `timestamp` steps the head's timestamp.
 * Each answer must be anvil's.
 */
type Step = [method: string, params?: unknown[]];

const session: [string, Step[]][] = [
  [
    'snapshot ids count up in hex; a revert consumes its id and the later ones; blocks go back',
    [
      ['evm_snapshot', []],
      ['evm_snapshot', []],
      ['evm_mine', []],
      ['anvil_mine', ['0x2']],
      ['hardhat_mine', [3, 16]],
      ['blocks'],
      ['evm_revert', ['0x0']],
      ['blocks'],
      ['evm_revert', ['0x0']],
      ['evm_revert', ['0x1']],
      ['evm_revert', ['0x7']],
      ['evm_snapshot', []],
      ['evm_mine', [{ blocks: 2 }]],
      ['evm_mine', [{ timestamp: null, blocks: 2 }]],
      ['blocks'],
      ['evm_revert', ['0x2']],
      ['blocks'],
    ],
  ],
  [
    'set balance, nonce, code and storage under both names, read back at latest, undone by a revert',
    [
      ['evm_snapshot', []],
      ['anvil_setBalance', [who, '0x10']],
      ['eth_getBalance', [who, 'latest']],
      ['hardhat_setBalance', [who, '0x20']],
      ['eth_getBalance', [who, 'latest']],
      ['anvil_setNonce', [who, '0x5']],
      ['hardhat_setNonce', [who, '0x7']],
      ['eth_getTransactionCount', [who, 'latest']],
      ['anvil_setCode', [who, '0x6001600055']],
      ['hardhat_setCode', [who, '0x60026000556001']],
      ['eth_getCode', [who, 'latest']],
      ['anvil_setStorageAt', [who, '0x1', word(5)]],
      ['hardhat_setStorageAt', [who, '0x2', word(6)]],
      ['eth_getStorageAt', [who, '0x1', 'latest']],
      ['eth_getStorageAt', [who, '0x2', 'latest']],
      ['eth_getBalance', [who, 'latest']],
      ['blocks'],
      ['evm_revert', ['0x3']],
      ['eth_getBalance', [who, 'latest']],
      ['eth_getCode', [who, 'latest']],
      ['eth_getStorageAt', [who, '0x1', 'latest']],
    ],
  ],
  [
    'the next block takes the timestamp set; anvil_mine spaces blocks by its interval',
    [
      ['evm_setNextBlockTimestamp', ['0xf0000000']],
      ['evm_mine', []],
      ['timestamp'],
      ['anvil_mine', ['0x2', '0x10']],
      ['timestamp'],
      ['evm_mine', ['0xf0001000']],
      ['timestamp'],
      ['evm_setNextBlockTimestamp', ['0x1']],
      ['evm_mine', ['0x1']],
    ],
  ],
];

let anvil: RunningNode;
let node: EmbeddedNode;

beforeAll(async () => {
  anvil = await startAnvil();
  node = await createEmbeddedNode();
}, 60_000);

afterAll(async () => {
  await anvil?.stop();
});

async function embedded(method: string, params: unknown[]): Promise<unknown> {
  const r = (await node.request({ jsonrpc: '2.0', id: 1, method, params })) as {
    result?: unknown;
    error?: { code: number; message: string };
  };
  return r.error ? { error: r.error } : r.result;
}

async function atAnvil(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(anvil.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const r = (await res.json()) as { result?: unknown; error?: { code: number; message: string } };
  return r.error ? { error: r.error } : r.result;
}

describe('dev-chain controls answer as anvil does', () => {
  const start = { anvil: 0n, embedded: 0n };
  beforeAll(async () => {
    start.anvil = BigInt((await rpc(anvil.url, 'eth_blockNumber')) as string);
    start.embedded = node.chain.head().number;
  });
  it.each(session)('%s', async (_name, steps) => {
    for (const step of steps) {
      let want: unknown;
      let got: unknown;
      if (step[0] === 'blocks') {
        want = BigInt((await atAnvil('eth_blockNumber', [])) as string) - start.anvil;
        got = BigInt((await embedded('eth_blockNumber', [])) as string) - start.embedded;
      } else if (step[0] === 'timestamp') {
        want = ((await atAnvil('eth_getBlockByNumber', ['latest', false])) as { timestamp: string })
          .timestamp;
        got = ((await embedded('eth_getBlockByNumber', ['latest', false])) as { timestamp: string })
          .timestamp;
      } else {
        want = await atAnvil(step[0], step[1] ?? []);
        got = await embedded(step[0], step[1] ?? []);
      }
      expect({ step, answer: got }).toEqual({ step, answer: want });
    }
  });
});

describe('dev-chain controls where anvil answers by its wall clock: the embedded node counts from the head', () => {
  const ts = async () =>
    BigInt(((await embedded('eth_getBlockByNumber', ['latest', false])) as { timestamp: string }).timestamp);
  it('evm_increaseTime answers the total offset and moves the next block (and the ones after) by it', async () => {
    const before = await ts();
    expect(await embedded('evm_increaseTime', [100])).toBe(100);
    expect(await embedded('evm_increaseTime', ['0x64'])).toBe(200);
    await embedded('evm_mine', []);
    expect(await ts()).toBe(before + 12n + 200n);
    await embedded('evm_mine', []);
    expect(await ts()).toBe(before + 12n + 200n + 12n);
  });

  it.each([
    // [method, params, answer]
    ['evm_setAutomine', [true], null],
    [
      'evm_setAutomine',
      [false],
      {
        error: {
          code: -32602,
          message: 'automine off is not supported: every transaction is mined in a block of its own',
        },
      },
    ],
    ['evm_revert', [], { error: { code: -32602, message: 'missing value for required argument 0' } }],
    [
      'anvil_setCode',
      [who, 'zz'],
      {
        error: {
          code: -32602,
          message: 'invalid argument 1: invalid value: string "zz", expected a valid hex string',
        },
      },
    ],
    [
      'anvil_setStorageAt',
      [who, '0x1', '0x5'],
      { error: { code: -32602, message: 'invalid argument 2: odd number of digits' } },
    ],
    [
      'anvil_setStorageAt',
      [who, '0x1', '0x05'],
      {
        error: {
          code: -32602,
          message: 'invalid argument 2: invalid string length, expected 32 bytes (66 characters with 0x)',
        },
      },
    ],
    [
      'anvil_mine',
      ['-1'],
      {
        error: {
          code: -32602,
          message:
            'invalid argument 0: expected a non-negative quantity (a number or 0x hex), got string "-1"',
        },
      },
    ],
  ])('%s %j → %j', async (method, params, answer) => {
    expect(await embedded(method, params)).toEqual(answer);
  });
});
