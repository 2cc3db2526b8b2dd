/**
 * @name Gas per step
 * @description For every executed opcode: pc, opcode name, call depth, gas left before the step and its cost (for the CALL family the cost includes the gas forwarded). Stops recording after a limit (config: limit, default 10000) and says so.
 * @methods debug_traceCall, debug_traceTransaction, debug_traceBlockByNumber, debug_traceBlockByHash
 * @clients geth, erigon, embedded
 * @demo debug_traceCall call
 * @tested embedded, geth
 * @tracerConfig {"limit": 10000}
 */
{
  steps: [],
  limit: 10000,
  skipped: 0,
  setup: function (cfg) {
    // geth passes the config as a JSON string, Boa nodes (reth, anvil) as an object.
    var config = (typeof cfg === 'string' ? JSON.parse(cfg) : cfg) || {};
    if (typeof config.limit === 'number' && config.limit >= 0) {
      this.limit = config.limit;
    }
  },
  step: function (log, db) {
    if (this.steps.length >= this.limit) {
      this.skipped += 1;
      return;
    }
    this.steps.push({
      pc: log.getPC(),
      op: log.op.toString(),
      depth: log.getDepth(),
      gas: log.getGas(),
      cost: log.getCost()
    });
  },
  fault: function (log, db) {},
  result: function (ctx, db) {
    return { gasUsed: ctx.gasUsed, steps: this.steps, skipped: this.skipped };
  }
}
