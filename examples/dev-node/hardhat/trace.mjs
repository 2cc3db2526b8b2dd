// Sends from a node account through Hardhat's provider, snapshots and reverts, and traces by callTracer.
import hre from 'hardhat';

const { network } = hre;

const [from] = await network.provider.request({ method: 'eth_accounts' });
const snapshot = await network.provider.request({ method: 'evm_snapshot' });
const hash = await network.provider.request({
  method: 'eth_sendTransaction',
  params: [{ from, to: from, value: '0x1' }],
});
const callTrace = await network.provider.request({
  method: 'debug_traceTransaction',
  params: [hash, { tracer: 'callTracer' }],
});
const reverted = await network.provider.request({ method: 'evm_revert', params: [snapshot] });
console.log(JSON.stringify({ from, hash, callTrace, reverted }));
