import type { Block } from '@ethereumjs/block';
import type { InterpreterStep } from '@ethereumjs/evm';
import type { TypedTransaction } from '@ethereumjs/tx';
import {
  Address,
  KECCAK256_NULL,
  bigIntToBytes,
  bytesToHex,
  createContractAddress,
  eoaCode7702RecoverAuthority,
  equalsBytes,
  hexToBytes,
  setLengthLeft,
} from '@ethereumjs/util';
import { runTx } from '@ethereumjs/vm';
import type { VM } from '@ethereumjs/vm';
import type { SyncStateManager } from '../state/createSyncStateManager.ts';
import { describeRunTxError } from './describeRunTxError.ts';
import { TracerError } from '../host/traceTypes.ts';

/** prestateTracer options the embedded node supports (geth's non-diff mode). */
export interface PrestateConfig {
  disableCode?: boolean;
  disableStorage?: boolean;
  includeEmpty?: boolean;
}

/** One account of the prestate result, in geth's field order. */
export interface PrestateAccount {
  balance: string;
  code?: string;
  codeHash?: string;
  nonce?: number;
  storage?: Record<string, string>;
}

const addressOps = new Set(['BALANCE', 'EXTCODESIZE', 'EXTCODECOPY', 'EXTCODEHASH', 'SELFDESTRUCT']);
const callOps = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL']);

function toAddress(word: bigint): Address {
  return new Address(setLengthLeft(bigIntToBytes(word & ((1n << 160n) - 1n)), 20));
}

/** Validates prestateTracer's tracerConfig (diffMode is left to the prestate.js template). */
export function parsePrestateConfig(config: unknown): PrestateConfig {
  if (config === undefined || config === null) return {};
  if (typeof config !== 'object' || Array.isArray(config))
    throw new TracerError('prestateTracer: tracerConfig must be an object');
  const c = config as Record<string, unknown>;
  if (c.diffMode === true) {
    throw new TracerError(
      'prestateTracer: diffMode is not built into the embedded node: use the "prestate" template ' +
        '(tracer-templates/prestate.js) with {"diffMode": true}',
    );
  }
  return {
    disableCode: c.disableCode === true,
    disableStorage: c.disableStorage === true,
    includeEmpty: c.includeEmpty === true,
  };
}

/**
 * geth's native `prestateTracer` (non-diff): every account and storage slot the transaction touches, with its value
 * before the transaction. Runs the tx on `vm` (mutating its state) and reads values from `pre`, an untouched copy.
 */
export async function runPrestateTracer(
  run: { vm: VM; tx: TypedTransaction; block: Block; call?: boolean },
  pre: SyncStateManager,
  config: PrestateConfig,
): Promise<Record<string, PrestateAccount>> {
  const touched = new Map<string, Set<string>>();
  const look = (a: Address) => {
    if (!touched.has(a.toString())) touched.set(a.toString(), new Set());
  };
  // A call into an EIP-7702 delegated account also reads the delegation target's code.
  const lookCallee = (a: Address) => {
    look(a);
    // Live state: an authorization in this same tx may have just installed the delegation.
    const code = (run.vm.stateManager as SyncStateManager).getCodeSync(a);
    if (code.length === 23 && code[0] === 0xef && code[1] === 0x01 && code[2] === 0x00)
      look(new Address(code.slice(3)));
  };
  const from = run.tx.getSenderAddress();
  look(from);
  const to = run.tx.to ?? createContractAddress(from, pre.getNonceSync(from));
  lookCallee(to);
  look(run.block.header.coinbase);
  for (const item of 'authorizationList' in run.tx ? run.tx.authorizationList : []) {
    try {
      look(eoaCode7702RecoverAuthority(item));
    } catch {
      // geth skips authorizations whose signer cannot be recovered.
    }
  }
  const onStep = (s: InterpreterStep) => {
    const name = s.opcode.name;
    const top = s.stack.length - 1;
    if (name === 'SLOAD' || name === 'SSTORE') {
      look(s.address);
      touched.get(s.address.toString())!.add(bytesToHex(setLengthLeft(bigIntToBytes(s.stack[top]), 32)));
    } else if (addressOps.has(name)) look(toAddress(s.stack[top]));
    else if (callOps.has(name)) lookCallee(toAddress(s.stack[top - 1]));
  };
  const onCreate = (e: { address: Address }) => {
    look(e.address);
  };
  run.vm.evm.events!.on('step', onStep);
  run.vm.evm.events!.on('newContract', onCreate);
  try {
    await runTx(run.vm, {
      tx: run.tx,
      block: run.block,
      skipNonce: run.call,
      skipBlockGasLimitValidation: run.call,
      skipHardForkValidation: true,
    });
  } catch (e) {
    throw new TracerError(`tracing failed: ${describeRunTxError(e, from.toString())}`);
  } finally {
    run.vm.evm.events!.off('step', onStep);
    run.vm.evm.events!.off('newContract', onCreate);
  }
  return collect(touched, pre, config);
}

function collect(touched: Map<string, Set<string>>, pre: SyncStateManager, config: PrestateConfig) {
  const out: Record<string, PrestateAccount> = {};
  for (const key of [...touched.keys()].sort()) {
    const address = new Address(hexToBytes(key as `0x${string}`));
    const account = pre.getAccountSync(address);
    const code = pre.getCodeSync(address);
    const empty = !account || (account.balance === 0n && account.nonce === 0n && code.length === 0);
    if (empty && !config.includeEmpty) continue;
    const entry: PrestateAccount = { balance: `0x${(account?.balance ?? 0n).toString(16)}` };
    if (code.length > 0 && !config.disableCode) entry.code = bytesToHex(code);
    if (account && !equalsBytes(account.codeHash, KECCAK256_NULL))
      entry.codeHash = bytesToHex(account.codeHash);
    if (account && account.nonce > 0n) entry.nonce = Number(account.nonce);
    const slots = [...touched.get(key)!].sort();
    if (slots.length && !config.disableStorage) {
      entry.storage = {};
      for (const slot of slots)
        entry.storage[slot] = bytesToHex(pre.getStorageSync(address, hexToBytes(slot as `0x${string}`)));
    }
    out[key] = entry;
  }
  return out;
}
