import { Account, bytesToHex, createContractAddress, hexToBytes, utf8ToBytes } from '@ethereumjs/util';
import type { Address } from '@ethereumjs/util';
import type { LegacyTx, TypedTransaction } from '@ethereumjs/tx';
import { encodeCall, encodeDeploy } from './abi.ts';
import type { AbiArg } from './abi.ts';
import type { Chain } from './chainTypes.ts';
import { createChain } from './createChain.ts';
import type { GenesisSpec } from './createChain.ts';
import { demoAccounts, demoBlockTime, demoCoinbase, demoGenesisTime } from './demoAccounts.ts';
import type { DemoAccount } from './demoAccounts.ts';
import { createDemoCommon } from './demoCommon.ts';
import { createSyncStateManager } from '../state/createSyncStateManager.ts';
import { demoSignatures } from './demoSignatures.ts';
import { createDemoTx } from './signDemoTx.ts';
import type { DemoTxFields } from './signDemoTx.ts';

const ether = 10n ** 18n;

/** Addresses of the contracts the demo chain deploys in block 1. */
export interface DemoContracts {
  token: Address;
  probeLogic: Address;
  callProbe: Address;
  reverter: Address;
  selfDestructor: Address;
}

/** The demo chain and the hashes worth showing. */
export interface DemoChain {
  chain: Chain;
  contracts: DemoContracts;
  /** Hash of CallProbe.run(7) in block 2: CALL, DELEGATECALL, STATICCALL, CREATE, CREATE2, SLOAD/SSTORE, logs. */
  probeTxHash: string;
  /** Hash of the reverting Reverter.check(42) in block 2. */
  revertTxHash: string;
}

/** `tx` signed by `from`: with its signature from {@link demoSignatures} when there, else signed here. */
function signed(tx: TypedTransaction, from: DemoAccount): TypedTransaction {
  const known = demoSignatures[bytesToHex(tx.getHashedMessageToSign())];
  if (!known) return tx.sign(from.privateKey);
  const [v, r, s] = [BigInt(known[0]), hexToBytes(known[1]), hexToBytes(known[2])];
  // A legacy transaction's v says the chain id too (EIP-155): `true` has it computed from the parity, as sign() does.
  if (tx.type === 0) return (tx as LegacyTx).addSignature(v, r, s, true);
  return tx.addSignature(v, r, s);
}

/** Signs transactions from the demo accounts, counting each sender's nonce. */
function createSigner(chain: Chain) {
  const nonces = new Map<DemoAccount, bigint>();
  return (from: DemoAccount, fields: DemoTxFields): TypedTransaction => {
    const nonce = nonces.get(from) ?? 0n;
    nonces.set(from, nonce + 1n);
    const tx = signed(createDemoTx(chain.common, nonce, fields), from);
    // The signer is known: its key goes where the transaction keeps the key it recovers from the signature, so
    // mining the demo blocks recovers none (each recovery is a few elliptic-curve multiplications in JavaScript).
    tx.cache.senderPubKey = from.publicKey;
    return tx;
  };
}

type Sign = ReturnType<typeof createSigner>;

/** The demo chain's genesis but its state: Prague, 30M gas limit, 1 gwei base fee. */
export function demoGenesisSpec(): Omit<GenesisSpec, 'state'> {
  return {
    common: createDemoCommon(),
    blockTime: demoBlockTime,
    header: {
      timestamp: demoGenesisTime,
      gasLimit: 30_000_000n,
      baseFeePerGas: 1_000_000_000n,
      coinbase: demoCoinbase,
      extraData: utf8ToBytes('tracer-playground demo chain'),
      excessBlobGas: 0n,
      blobGasUsed: 0n,
    },
  };
}

/** Genesis: four accounts with 100 000 ether each. */
async function createDemoGenesisChain(): Promise<Chain> {
  const spec = demoGenesisSpec();
  const state = createSyncStateManager({ common: spec.common });
  for (const a of Object.values(demoAccounts))
    await state.putAccount(a.address, new Account(0n, 100_000n * ether));
  return createChain({ ...spec, state });
}

/** Block 1: alice deploys the five contracts (nonces 0–4). */
async function mineDeploys(chain: Chain, sign: Sign): Promise<DemoContracts> {
  const { alice } = demoAccounts;
  const at = (nonce: bigint) => createContractAddress(alice.address, nonce);
  const c: DemoContracts = {
    token: at(0n),
    probeLogic: at(1n),
    callProbe: at(2n),
    reverter: at(3n),
    selfDestructor: at(4n),
  };
  const deploy = { gasLimit: 2_000_000n };
  await chain.mine([
    sign(alice, { ...deploy, data: encodeDeploy('DemoToken', [1_000_000n * ether]) }),
    sign(alice, { ...deploy, data: encodeDeploy('ProbeLogic') }),
    sign(alice, { ...deploy, data: encodeDeploy('CallProbe', [c.probeLogic.toString()]) }),
    sign(alice, { ...deploy, data: encodeDeploy('Reverter') }),
    sign(alice, { ...deploy, data: encodeDeploy('SelfDestructor'), value: ether }),
  ]);
  return c;
}

function tokenCall(c: DemoContracts, signature: string, args: AbiArg[]) {
  return { to: c.token, data: encodeCall('DemoToken', signature, args) };
}

/** Block 2: transfer, approve, CallProbe.run(7), a revert with reason, a legacy-type transferFrom. */
async function mineUses(chain: Chain, sign: Sign, c: DemoContracts) {
  const { alice, bob, carol, dave } = demoAccounts;
  const probe = sign(bob, {
    to: c.callProbe,
    data: encodeCall('CallProbe', 'run(uint256)', [7n]),
    value: 10n ** 15n,
  });
  const revert = sign(carol, {
    to: c.reverter,
    data: encodeCall('Reverter', 'check(uint256)', [42n]),
    gasLimit: 100_000n,
  });
  await chain.mine([
    sign(alice, tokenCall(c, 'transfer(address,uint256)', [bob.address.toString(), 1000n * ether])),
    sign(alice, tokenCall(c, 'approve(address,uint256)', [carol.address.toString(), 500n * ether])),
    probe,
    revert,
    sign(carol, {
      type: 0,
      ...tokenCall(c, 'transferFrom(address,address,uint256)', [
        alice.address.toString(),
        dave.address.toString(),
        200n * ether,
      ]),
    }),
  ]);
  return { probe, revert };
}

/** Block 3: caught inner revert, SELFDESTRUCT, an EIP-2930 ether transfer, a failing transfer, CallProbe.run(3). */
async function mineMore(chain: Chain, sign: Sign, c: DemoContracts): Promise<void> {
  const { alice, bob, carol, dave } = demoAccounts;
  await chain.mine([
    sign(dave, { to: c.reverter, data: encodeCall('Reverter', 'tryCheck(uint256)', [99n]) }),
    sign(alice, {
      to: c.selfDestructor,
      data: encodeCall('SelfDestructor', 'destroy(address)', [bob.address.toString()]),
    }),
    sign(bob, { type: 1, to: dave.address, value: ether, gasLimit: 21_000n }),
    sign(dave, tokenCall(c, 'transfer(address,uint256)', [carol.address.toString(), 1000n * ether])),
    sign(bob, { to: c.callProbe, data: encodeCall('CallProbe', 'run(uint256)', [3n]) }),
  ]);
}

/**
 * Builds the deterministic demo chain: genesis with four funded accounts, block 1 deploys the contracts, block 2
 * uses them (ERC-20 transfer/approve/transferFrom, the CallProbe, a revert with reason), block 3 adds a caught
 * inner revert, a SELFDESTRUCT, a plain transfer, a failing token transfer and a second probe run.
 */
export async function buildDemoChain(): Promise<DemoChain> {
  const chain = await createDemoGenesisChain();
  const sign = createSigner(chain);
  const contracts = await mineDeploys(chain, sign);
  const { probe, revert } = await mineUses(chain, sign, contracts);
  await mineMore(chain, sign, contracts);
  return { chain, contracts, probeTxHash: bytesToHex(probe.hash()), revertTxHash: bytesToHex(revert.hash()) };
}
