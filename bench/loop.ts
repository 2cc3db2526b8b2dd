// The loop both embedded-node benchmarks run (Node in bench/evm.ts, Chromium in bench/browser.ts), and the tracer.

/** Loop iterations: 7 steps each, so the whole run is ~1,000,000 steps. */
export const loopIterations = 142_857;

/** PUSH3 n; loop: JUMPDEST PUSH1 1 SWAP1 SUB DUP1 PUSH2 loop JUMPI; STOP  → 7 steps per iteration. */
export const loopCodeHex =
  `0x62${loopIterations.toString(16).padStart(6, '0')}5b60019003806100045700` as const;

/** Steps of one run of the loop (the PUSH3 and the final STOP included). */
export const loopSteps = loopIterations * 7 + 2;

/** A call.js-like tracer: collects the first stack item of every CALL (there is none in the loop). */
export const callJs =
  "{data:[],fault:function(){},step:function(log){if(log.op.toString()=='CALL')this.data.push(log.stack.peek(0));},result:function(){return this.data;}}";
