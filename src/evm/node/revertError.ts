import { bytesToHex } from '@ethereumjs/util';
import { decodeRevertReason } from './describeVmError.ts';
import { RpcError } from './rpcError.ts';

/** geth's panicReasons (accounts/abi): Solidity's Panic(uint256) codes in words. */
const panicReasons: Readonly<Record<string, string>> = {
  '0': 'generic panic',
  '1': 'assert(false)',
  '17': 'arithmetic underflow or overflow',
  '18': 'division or modulo by zero',
  '33': 'enum overflow',
  '34': 'invalid encoded storage byte array accessed',
  '49': 'out-of-bounds array access; popping on an empty array',
  '50': 'out-of-bounds access of an array or bytesN',
  '65': 'out of memory',
  '81': 'uninitialized function',
};

/** The reason geth's abi.UnpackRevert reads: Error(string)'s text, Panic(uint256)'s words, else none. */
function unpackRevert(data: Uint8Array): string | undefined {
  const reason = decodeRevertReason(data);
  if (reason !== undefined) return reason;
  if (data.length < 36 || bytesToHex(data.slice(0, 4)) !== '0x4e487b71') return undefined;
  const code = BigInt(bytesToHex(data.slice(4, 36)));
  return panicReasons[code.toString()] ?? `unknown panic code: 0x${code.toString(16)}`;
}

/** geth's revertError (internal/ethapi newRevertError): code 3, `execution reverted[: reason]`, the data in hex. */
export function revertError(data: Uint8Array): RpcError {
  const reason = unpackRevert(data);
  return new RpcError(
    3,
    reason === undefined ? 'execution reverted' : `execution reverted: ${reason}`,
    bytesToHex(data),
  );
}
