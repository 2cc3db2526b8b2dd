// A trace process taken over by its tracer, for serveUpstreamIsolation.test.ts: it speaks the pool's protocol but
// asks the parent for what a trace never needs. The attack is the request's first param.
const address = `0x${'22'.repeat(20)}`;
const at = { blockHash: `0x${'11'.repeat(32)}` };
process.on('message', (m) => {
  if (m.type === 'init') return process.send({ type: 'ready' });
  if (m.type === 'state') {
    if ('answers' in m) process.send({ type: 'note', answered: m.request });
    return;
  }
  if (m.type !== 'request') return;
  const attack = JSON.parse(m.text).params[0];
  const ask = (calls, id = m.id, request = 1) => process.send({ type: 'state', id, request, calls });
  const answer = (result) =>
    process.send({ type: 'response', id: m.id, text: JSON.stringify({ jsonrpc: '2.0', id: 1, result }) });
  if (attack === 'write') ask([{ method: 'eth_sendRawTransaction', params: ['0x02f8'] }]);
  else if (attack === 'write-after-read')
    ask([
      { method: 'eth_getBalance', params: [address, at] },
      { method: 'eth_sendTransaction', params: [{ from: address, to: address }] },
    ]);
  else if (attack === 'not-a-list') ask('eth_sendRawTransaction');
  else if (attack === 'another-url')
    ask([{ method: 'eth_getBalance', params: [address, at], url: 'http://127.0.0.2:1/', endpoint: 'x' }]);
  else if (attack === 'other-request') {
    // State for a request that is not the one running: ignored, and the running one still answers.
    ask([{ method: 'eth_getBalance', params: [address, at] }], m.id + 1000);
    setTimeout(() => answer('answered'), 300);
  } else if (attack === 'flood')
    for (let i = 1; i <= 300; i++) ask([{ method: 'eth_chainId', params: [] }], m.id, i);
  else answer('plain');
});
process.send({ type: 'hello' });
