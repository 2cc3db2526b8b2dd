import { createTxFromRLP } from '@ethereumjs/tx';
import { bytesToHex, createAddressFromPrivateKey, privateToPublic } from '@ethereumjs/util';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDemoChain } from '../../../src/evm/node/buildDemoChain.ts';
import type { DemoChain } from '../../../src/evm/node/buildDemoChain.ts';
import { demoAccounts } from '../../../src/evm/node/demoAccounts.ts';
import { demoSignatures } from '../../../src/evm/node/demoSignatures.ts';
import { signDemoTx } from '../../../src/evm/node/signDemoTx.ts';

// The demo chain starts with no elliptic-curve work: the accounts' public keys are written out, the transactions'
// signatures come from a table, and each transaction is handed its signer's public key instead of recovering it from
// the signature. Here each of those is derived the slow way and must be what was written or handed over.
let demo: DemoChain;
beforeAll(async () => {
  demo = await buildDemoChain();
}, 60_000);

describe('the demo accounts', () => {
  it.each(Object.values(demoAccounts).map((a) => [a.name, a] as const))(
    '%s: its public key and address are its private key’s',
    (_name, account) => {
      expect(bytesToHex(account.publicKey)).toBe(bytesToHex(privateToPublic(account.privateKey)));
      expect(account.address.toString()).toBe(createAddressFromPrivateKey(account.privateKey).toString());
    },
  );
});

describe('the demo chain', () => {
  it('records for every transaction the sender its signature recovers to', () => {
    const mined = [1n, 2n, 3n].flatMap((n) => demo.chain.blockByNumber(n)!.txs);
    expect(mined).toHaveLength(15);
    for (const { tx, from } of mined) {
      const parsed = createTxFromRLP(tx.serialize(), { common: demo.chain.common });
      expect(parsed.cache.senderPubKey).toBeUndefined();
      expect(parsed.getSenderAddress().toString()).toBe(from.toString());
      expect(bytesToHex(parsed.getSenderPublicKey())).toBe(bytesToHex(tx.getSenderPublicKey()));
    }
  });

  it('takes every signature from the table, and the table holds what signing gives', () => {
    const mined = [1n, 2n, 3n].flatMap((n) => demo.chain.blockByNumber(n)!.txs);
    const signedHere: Record<string, unknown> = {};
    for (const { tx, from } of mined) {
      const sender = Object.values(demoAccounts).find((a) => a.address.equals(from))!;
      const again = signDemoTx(demo.chain.common, sender, tx.nonce, {
        to: tx.to,
        data: tx.data,
        value: tx.value,
        gasLimit: tx.gasLimit,
        type: tx.type as 0 | 1 | 2,
      });
      // Re-signed from the same fields: the same transaction, byte for byte.
      expect(bytesToHex(again.serialize())).toBe(bytesToHex(tx.serialize()));
      const hash = bytesToHex(tx.getHashedMessageToSign());
      const v = tx.type === 0 ? again.v! - 35n - 2n * demo.chain.common.chainId() : again.v!;
      signedHere[hash] = [
        Number(v),
        `0x${again.r!.toString(16).padStart(64, '0')}`,
        `0x${again.s!.toString(16).padStart(64, '0')}`,
      ];
    }
    expect(demoSignatures).toEqual(signedHere);
  });
});
