// viem 2 against `tracer serve`: a node account (eth_sendTransaction), a deploy, a call, snapshot and revert, and
// traces by callTracer and by a JavaScript tracer. Run: RPC_URL=http://127.0.0.1:8545 node viem.mjs
import { createPublicClient, createWalletClient, defineChain, http } from 'viem';

const url = process.env.RPC_URL ?? 'http://127.0.0.1:8545';
const chain = defineChain({
  id: 1337,
  name: 'tracer serve',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [url] } },
});
const client = createPublicClient({ chain, transport: http(url), pollingInterval: 100 });
const [account] = await client.request({ method: 'eth_accounts' });
const wallet = createWalletClient({ account, chain, transport: http(url) });

// A contract that stores its calldata's first word in slot 0.
const bytecode = '0x6007600c60003960076000f360003560005500';
const deployHash = await wallet.deployContract({ abi: [], bytecode });
const { contractAddress } = await client.waitForTransactionReceipt({ hash: deployHash });

const snapshot = await client.request({ method: 'evm_snapshot' });
const hash = await wallet.sendTransaction({ to: contractAddress, data: `0x${'2a'.padStart(64, '0')}` });
await client.waitForTransactionReceipt({ hash });

const callTrace = await client.request({
  method: 'debug_traceTransaction',
  params: [hash, { tracer: 'callTracer' }],
});
const sstores =
  '{values: [], step: function (log) { if (log.op.toString() === "SSTORE") this.values.push(log.stack.peek(1).toString(16)); },' +
  ' fault: function () {}, result: function () { return this.values; }}';
const jsTrace = await client.request({
  method: 'debug_traceTransaction',
  params: [hash, { tracer: sstores }],
});

const reverted = await client.request({ method: 'evm_revert', params: [snapshot] });
const deployTrace = await client.request({
  method: 'debug_traceTransaction',
  params: [deployHash, { tracer: 'callTracer' }],
});
console.log(JSON.stringify({ account, contractAddress, hash, callTrace, jsTrace, reverted, deployTrace }));
