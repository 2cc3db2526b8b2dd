// ethers 6 against `tracer serve`: getSigner() (a node account), a deploy, a call, snapshot and revert, and traces
// by callTracer and by a JavaScript tracer. Run: RPC_URL=http://127.0.0.1:8545 node ethers.mjs
import { ContractFactory, JsonRpcProvider } from 'ethers';

const provider = new JsonRpcProvider(process.env.RPC_URL ?? 'http://127.0.0.1:8545');
const signer = await provider.getSigner();

// A contract that stores its calldata's first word in slot 0.
const factory = new ContractFactory([], '0x6007600c60003960076000f360003560005500', signer);
const contract = await factory.deploy();
await contract.waitForDeployment();
const contractAddress = await contract.getAddress();

const snapshot = await provider.send('evm_snapshot', []);
const tx = await signer.sendTransaction({ to: contractAddress, data: `0x${'2a'.padStart(64, '0')}` });
await tx.wait();

const callTrace = await provider.send('debug_traceTransaction', [tx.hash, { tracer: 'callTracer' }]);
const sstores =
  '{values: [], step: function (log) { if (log.op.toString() === "SSTORE") this.values.push(log.stack.peek(1).toString(16)); },' +
  ' fault: function () {}, result: function () { return this.values; }}';
const jsTrace = await provider.send('debug_traceTransaction', [tx.hash, { tracer: sstores }]);

const reverted = await provider.send('evm_revert', [snapshot]);
// Asked of the node itself: ethers shares an identical request's answer for 250 ms (tx.wait() just read it).
const receiptAfterRevert = await provider.send('eth_getTransactionReceipt', [tx.hash]);
console.log(
  JSON.stringify({
    account: signer.address,
    contractAddress,
    hash: tx.hash,
    callTrace,
    jsTrace,
    reverted,
    receiptAfterRevert,
  }),
);
