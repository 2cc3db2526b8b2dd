/**
 * A ~50 MB debug_traceBlockByNumber answer of callTracer results: 60 transactions, each a call tree of 2,041 frames
 * (40 calls of 50 inner calls each), one failed in the tracer (the 18th). Shared by the result-views e2e test and the
 * browser benchmark; the page keeps such a result in the parser worker and gets each transaction's views from there.
 */
export function buildCallBlock(): Buffer {
  const addr = (n: number) => '0x' + n.toString(16).padStart(40, '0');
  const frame = (n: number, gasUsed: number, calls?: unknown[]) => ({
    type: n % 7 === 0 ? 'STATICCALL' : 'CALL',
    from: addr(n),
    to: addr(n + 1),
    value: '0x0',
    gas: '0x' + (gasUsed * 3).toString(16),
    gasUsed: '0x' + gasUsed.toString(16),
    input: '0xa9059cbb' + '0'.repeat(24) + addr(n).slice(2) + (n * 1000).toString(16).padStart(64, '0'),
    output: '0x' + '0'.repeat(63) + '1',
    ...(n % 97 === 0 ? { error: 'execution reverted', revertReason: `no ${n}` } : {}),
    ...(calls ? { calls } : {}),
  });
  const txs = Array.from({ length: 60 }, (_, t) =>
    t === 17
      ? { txHash: '0x' + t.toString(16).padStart(64, '0'), error: 'execution timeout' }
      : {
          txHash: '0x' + t.toString(16).padStart(64, '0'),
          result: frame(
            t,
            2_000_000,
            Array.from({ length: 40 }, (_, i) =>
              frame(
                i * 100 + 1,
                40_000,
                Array.from({ length: 50 }, (_, j) => frame(i * 100 + j + 2, 700)),
              ),
            ),
          ),
        },
  );
  return Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, result: txs }));
}
