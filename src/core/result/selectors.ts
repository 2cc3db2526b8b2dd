// A small built-in table of common 4-byte function selectors and event topics (ERC-20, ERC-721, WETH, Ownable,
// Permit, Multicall, Uniswap V2 routers), so the result views can name what a call or a log is. Each hex is the
// keccak-256 of its signature (test/unit/result/selectors.test.ts recomputes every one). Nothing is looked up online.

/** Selector (8 lowercase hex digits, no 0x) → function signature. */
const functions: Readonly<Record<string, string>> = {
  a9059cbb: 'transfer(address,uint256)',
  '095ea7b3': 'approve(address,uint256)',
  '23b872dd': 'transferFrom(address,address,uint256)',
  '70a08231': 'balanceOf(address)',
  dd62ed3e: 'allowance(address,address)',
  '18160ddd': 'totalSupply()',
  '06fdde03': 'name()',
  '95d89b41': 'symbol()',
  '313ce567': 'decimals()',
  '6352211e': 'ownerOf(uint256)',
  '42842e0e': 'safeTransferFrom(address,address,uint256)',
  b88d4fde: 'safeTransferFrom(address,address,uint256,bytes)',
  a22cb465: 'setApprovalForAll(address,bool)',
  e985e9c5: 'isApprovedForAll(address,address)',
  '081812fc': 'getApproved(uint256)',
  '01ffc9a7': 'supportsInterface(bytes4)',
  d0e30db0: 'deposit()',
  '2e1a7d4d': 'withdraw(uint256)',
  '40c10f19': 'mint(address,uint256)',
  '42966c68': 'burn(uint256)',
  d505accf: 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
  '7ecebe00': 'nonces(address)',
  '39509351': 'increaseAllowance(address,uint256)',
  a457c2d7: 'decreaseAllowance(address,uint256)',
  '8da5cb5b': 'owner()',
  f2fde38b: 'transferOwnership(address)',
  '715018a6': 'renounceOwnership()',
  ac9650d8: 'multicall(bytes[])',
  '252dba42': 'aggregate((address,bytes)[])',
  '82ad56cb': 'aggregate3((address,bool,bytes)[])',
  '38ed1739': 'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
  '7ff36ab5': 'swapExactETHForTokens(uint256,address[],address,uint256)',
  '18cbafe5': 'swapExactTokensForETH(uint256,uint256,address[],address,uint256)',
};

/** Event topic 0 (64 lowercase hex digits, no 0x) → event signature. */
const events: Readonly<Record<string, string>> = {
  ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef: 'Transfer(address,address,uint256)',
  '8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925': 'Approval(address,address,uint256)',
  '17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31': 'ApprovalForAll(address,address,bool)',
  e1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c: 'Deposit(address,uint256)',
  '7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65': 'Withdrawal(address,uint256)',
  '8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e0': 'OwnershipTransferred(address,address)',
};

/** Every known function selector with its signature (for tests and documentation). */
export const knownSelectors: Readonly<Record<string, string>> = functions;
/** Every known event topic with its signature. */
export const knownEventTopics: Readonly<Record<string, string>> = events;

/**
 * The 4-byte selector at the start of call data or of a 4byteTracer key (`0xa9059cbb`, `0xa9059cbb-64`), as
 * `0x` + 8 lowercase hex digits; null when there is none.
 */
export function selectorOf(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const m = /^0x([0-9a-fA-F]{8})(?:[0-9a-fA-F]*|-\d+)$/.exec(text);
  return m ? `0x${m[1].toLowerCase()}` : null;
}

/** The signature of a known selector (in call data or a 4byteTracer key), or null. */
export function decodeSelector(text: unknown): string | null {
  const s = selectorOf(text);
  return s ? (functions[s.slice(2)] ?? null) : null;
}

/** The signature of a known event topic 0, or null. */
export function decodeEventTopic(topic: unknown): string | null {
  if (typeof topic !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(topic)) return null;
  return events[topic.slice(2).toLowerCase()] ?? null;
}
