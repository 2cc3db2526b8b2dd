import { capTraceTimeout } from './capTraceTimeout.ts';
import { describeChildExit } from './describeChildExit.ts';
import { forkTraceChild } from './forkTraceChild.ts';
import type { TraceChildProcess } from './forkTraceChild.ts';
import type { FromTraceChild } from './FromTraceChild.ts';
import { killProcessTree } from './killProcessTree.ts';
import type { ToTraceChild } from './ToTraceChild.ts';
import type { TraceRunner } from './TraceRunner.ts';

/** Options of {@link createTracePool}. */
export interface TracePoolOptions {
  /** The fixture's JSON text when the server serves a fixture (each process builds the same chain from it). */
  fixture?: string;
  /** How many trace processes run at once (`--workers`, default 2); all are started at once and kept warm. */
  workers?: number;
  /** V8 heap cap of each process in MB (`--memory-limit`, default 512). */
  memoryLimitMb?: number;
  /** Largest `timeout` a request may ask for, in ms (`--max-timeout`, default 60 s). */
  maxTimeoutMs?: number;
  /** How long after its timeout a trace that has not answered is killed, in ms (default 2000). */
  graceMs?: number;
  /** Largest number of trace requests waiting for a free process (default 1000); more are refused. */
  maxQueued?: number;
  /** Receives one line per event worth telling the operator (a process killed, died, replaced). */
  log?: (line: string) => void;
}

/** The pool of trace processes behind `serve`. */
export interface TracePool extends TraceRunner {
  /** Resolves once a process is ready to trace; rejects when processes keep dying before they get ready. */
  ready(): Promise<void>;
  /** Process ids of the live trace processes (for tests and logs). */
  pids(): number[];
  /** Kills every trace process and answers requests still waiting with an error. */
  close(): Promise<void>;
}

interface Job {
  request: Record<string, unknown>;
  budgetMs: number;
  resolve: (text: string | undefined) => void;
}

interface Slot {
  child: TraceChildProcess;
  pid: number;
  hello: boolean;
  ready: boolean;
  closed: Promise<void>;
  job?: { id: number; job: Job; timer: NodeJS.Timeout };
  /** The error answered for the job when the pool itself killed the process (timeout). */
  killedFor?: string;
  /** What the process said when it could not build its node. */
  failed?: string;
}

/** A JSON-RPC error response text for `request` (undefined for a notification). */
function errorText(request: Record<string, unknown>, message: string): string | undefined {
  if (!('id' in request)) return undefined;
  const id = request.id;
  const valid = id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
  return JSON.stringify({ jsonrpc: '2.0', id: valid ? id : null, error: { code: -32000, message } });
}

/** The last non-empty line of a text. */
function lastLine(text: string): string {
  return text.trim().split('\n').pop()?.trim() ?? '';
}

const startAttempts = 3;

/**
 * Starts `workers` trace processes (`forkTraceChild`), each building the server's node, and answers `debug_trace*`
 * requests with them, one request per process at a time, the others waiting in arrival order. Limits enforced from
 * outside the process: the request's `timeout` capped at `maxTimeoutMs` (see `capTraceTimeout`) plus `graceMs`, after
 * which the process is killed and the request answered `execution timeout`; V8's heap cap, whose abort answers
 * `tracer exceeded its memory limit`. A process that dies is replaced at once. Every raw transaction the server's
 * node accepted ({@link TraceRunner.journal}) is applied by every process, present and future, before its next
 * request, so a replacement serves the same chain.
 */
export function createTracePool(options: TracePoolOptions = {}): TracePool {
  const workers = options.workers ?? 2;
  const memoryLimitMb = options.memoryLimitMb ?? 512;
  const maxTimeoutMs = options.maxTimeoutMs ?? 60_000;
  const graceMs = options.graceMs ?? 2000;
  const maxQueued = options.maxQueued ?? 1000;
  const log = options.log ?? (() => {});
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  const journal: string[] = [];
  let readyWaiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  let nextId = 0;
  let closing = false;
  let startFailures = 0;

  const post = (slot: Slot, message: ToTraceChild) => {
    if (slot.child.process.connected) slot.child.process.send(message, undefined, undefined, () => {});
  };

  const spawn = () => {
    const child = forkTraceChild(memoryLimitMb);
    let closed!: () => void;
    const slot: Slot = {
      child,
      pid: child.process.pid ?? 0,
      hello: false,
      ready: false,
      closed: new Promise<void>((r) => (closed = r)),
    };
    slots.add(slot);
    child.process.on('message', (m: FromTraceChild) => onMessage(slot, m));
    child.process.on('close', (code: number | null, signal: NodeJS.Signals | null) => {
      onClose(slot, code, signal);
      closed();
    });
  };

  const fill = () => {
    if (closing || startFailures >= startAttempts) return;
    while (slots.size < workers) spawn();
  };

  const finish = (slot: Slot, text: string | undefined) => {
    const running = slot.job;
    if (!running) return;
    clearTimeout(running.timer);
    slot.job = undefined;
    running.job.resolve(text);
  };

  const dispatch = () => {
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (!slot.ready || slot.job || slot.killedFor) continue;
      const job = queue.shift()!;
      const id = ++nextId;
      const ms = job.budgetMs + graceMs;
      const timer = setTimeout(() => {
        slot.killedFor = 'execution timeout';
        log(`trace process ${slot.pid} killed: no answer ${Math.round(ms)} ms after the request`);
        killProcessTree(slot.child.process);
      }, ms);
      slot.job = { id, job, timer };
      post(slot, { type: 'request', id, body: job.request });
    }
  };

  const onMessage = (slot: Slot, m: FromTraceChild) => {
    if (m.type === 'hello') {
      slot.hello = true;
      post(slot, { type: 'init', fixture: options.fixture, journal: journal.slice() });
    } else if (m.type === 'ready') {
      slot.ready = true;
      startFailures = 0;
      for (const w of readyWaiters) w.resolve();
      readyWaiters = [];
      dispatch();
    } else if (m.type === 'failed') {
      slot.failed = m.message;
    } else if (m.type === 'response' && slot.job?.id === m.id) {
      finish(slot, m.text);
      dispatch();
    }
  };

  const onClose = (slot: Slot, code: number | null, signal: NodeJS.Signals | null) => {
    slots.delete(slot);
    const stderr = slot.child.stderrTail();
    const running = slot.job;
    if (running) {
      const message = slot.killedFor ?? describeChildExit({ code, signal, stderr });
      finish(slot, errorText(running.job.request, message));
      if (!slot.killedFor) log(`trace process ${slot.pid} stopped while tracing: ${message}`);
    }
    if (closing) return;
    if (!slot.ready) {
      startFailures++;
      const why = slot.failed ?? (lastLine(stderr) || describeChildExit({ code, signal, stderr: '' }));
      log(`trace process ${slot.pid} could not start: ${why}`);
      if (startFailures >= startAttempts) {
        const message = `the trace processes cannot start (${why})`;
        for (const job of queue.splice(0)) job.resolve(errorText(job.request, message));
        for (const w of readyWaiters) w.reject(new Error(message));
        readyWaiters = [];
        return;
      }
    }
    fill();
    dispatch();
  };

  // If the server process exits without close() (an uncaught error), its trace processes go with it.
  const onExit = () => {
    for (const slot of slots) killProcessTree(slot.child.process);
  };
  process.on('exit', onExit);
  fill();

  return {
    trace(request) {
      if (closing) return Promise.resolve(errorText(request, 'the server is shutting down'));
      if (queue.length >= maxQueued)
        return Promise.resolve(
          errorText(request, `too many trace requests waiting (${maxQueued}); try again later`),
        );
      // After processes kept failing to start, a new request tries again.
      if (startFailures >= startAttempts && slots.size === 0) startFailures = startAttempts - 1;
      const capped = capTraceTimeout(request, maxTimeoutMs);
      return new Promise((resolve) => {
        queue.push({ request: capped.request, budgetMs: capped.budgetMs, resolve });
        fill();
        dispatch();
      });
    },
    journal(raw) {
      journal.push(raw);
      for (const slot of slots) if (slot.hello) post(slot, { type: 'journal', raw });
    },
    ready() {
      if ([...slots].some((s) => s.ready)) return Promise.resolve();
      if (startFailures >= startAttempts)
        return Promise.reject(new Error('the trace processes cannot start'));
      return new Promise((resolve, reject) => readyWaiters.push({ resolve, reject }));
    },
    pids: () => [...slots].map((s) => s.pid),
    async close() {
      closing = true;
      process.off('exit', onExit);
      for (const job of queue.splice(0)) job.resolve(errorText(job.request, 'the server is shutting down'));
      for (const w of readyWaiters) w.reject(new Error('the trace pool was closed'));
      readyWaiters = [];
      const all = [...slots];
      for (const slot of all) {
        if (slot.job) slot.killedFor = 'the server is shutting down';
        killProcessTree(slot.child.process);
      }
      await Promise.all(all.map((s) => s.closed));
    },
  };
}
