import type { Block } from '@ethereumjs/block';
import type { TypedTransaction } from '@ethereumjs/tx';
import type { VM } from '@ethereumjs/vm';
import type { RealmFactory } from './realm/tracerRealm.ts';
import type { TraceDebugOptions } from './traceDebug.ts';

/** Options of a custom JavaScript tracer run (geth's TraceConfig fields that matter to the JS runtime). */
export interface JsTraceOptions {
  /** The tracer's source: a JS expression, normally an object literal (evaluated as `(` + code + `)`). */
  tracer: string;
  /** Any JSON value; `setup` receives `JSON.stringify(tracerConfig)` (`"null"` for null, as geth), `"{}"` when absent. */
  tracerConfig?: unknown;
  /** Go duration string (`"300ms"`, `"5s"`, `"1m30s"`); default `"5s"`. */
  timeout?: string;
  /**
   * geth's tracer Context: present for traceTransaction/traceBlock (blockHash, txIndex, txHash), absent for
   * traceCall and fixtures.
   */
  context?: { blockHash: Uint8Array; txIndex: number; txHash: Uint8Array };
  /** The realm the tracer code runs in; default: QuickJS (runs everywhere; Node's CLI passes its V8 context realm). */
  createRealm?: RealmFactory;
  /** The realm's memory cap in bytes (default 256 MiB). */
  memoryBytes?: number;
  /**
   * A debugging run on the embedded node (issue 26): a `console` for the tracer and/or the time of every hook call,
   * reported once the run is over. Absent (every run a node answers): no console, as in geth.
   */
  debug?: TraceDebugOptions;
}

/** One transaction to trace. */
export interface TraceRun {
  /** A VM already on the pre-state of the transaction. The run mutates its state (pass a copy to keep yours). */
  vm: VM;
  /** The transaction (for traceCall: an unsigned call-like tx whose `getSenderAddress()` works). */
  tx: TypedTransaction;
  /** The block the transaction runs in (number, timestamp, coinbase, baseFee, gasLimit…). */
  block: Block;
  /** traceCall mode: skip the nonce and balance checks, like geth's call defaults. */
  call?: boolean;
}

/** Options of geth's default struct (opcode) logger. */
export interface StructLoggerConfig {
  enableMemory?: boolean;
  disableStack?: boolean;
  disableStorage?: boolean;
  enableReturnData?: boolean;
  /** Maximum number of struct logs kept (0 = unlimited). */
  limit?: number;
}

/** An error whose message is geth's text for the same failure (construction, tracer exception, timeout…). */
export class TracerError extends Error {
  override name = 'TracerError';
}
