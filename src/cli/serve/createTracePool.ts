import { capTraceTimeout } from './capTraceTimeout.ts';
import { createFairQueue } from './createFairQueue.ts';
import { describeChildExit } from './describeChildExit.ts';
import { checkReadOnlyCalls } from '../../core/upstream/checkReadOnlyCalls.ts';
import { fetchForTraceChild, type StateFetcher } from './fetchForTraceChild.ts';
import { forkTraceChild } from './forkTraceChild.ts';
import { demoChainArg } from './demoChainArg.ts';
import type { TraceChildProcess } from './forkTraceChild.ts';
import type { FromTraceChild } from './FromTraceChild.ts';
import { killProcessTree } from './killProcessTree.ts';
import type { ToTraceChild } from './ToTraceChild.ts';
import type { TraceClient } from './TraceClient.ts';
import type { TraceRequest } from './TraceRequest.ts';
import type { TraceRunner } from './TraceRunner.ts';

/** Options of {@link createTracePool}. */
export interface TracePoolOptions {
  /** The fixture's JSON text when the server serves a fixture (each process builds the same chain from it). */
  fixture?: string;
  /** How many trace processes may run at once (`--workers`, default 2). */
  workers?: number;
  /**
   * How many of them are started at once and kept running while idle (default: all `workers`; `serve` keeps one).
   * More, up to `workers`, are started when requests wait with no process free or starting to take them, and end
   * after `idleMs` without a request.
   */
  warm?: number;
  /** How long a process beyond the `warm` ones stays without a request before it ends, in ms (default 30 s). */
  idleMs?: number;
  /** V8 heap cap of each process in MB (`--memory-limit`, default 512). */
  memoryLimitMb?: number;
  /** Largest `timeout` a request may ask for, in ms (`--max-timeout`, default 60 s). */
  maxTimeoutMs?: number;
  /** How long after its timeout a trace that has not answered is killed, in ms (default 2000). */
  graceMs?: number;
  /** Largest number of trace requests waiting for a free process, all clients together (default 1000); more are refused. */
  maxQueued?: number;
  /** Receives one line per event worth telling the operator (a process killed, died, replaced). */
  log?: (line: string) => void;
  /**
   * `serve --upstream`: the processes build no node; they trace on the upstream's state, which they ask this
   * process for (`state` messages). Each asked call is checked (read-only state methods only) and fetched through
   * `fetcher`; a process that asks for anything else is killed and its request answered with the refusal.
   */
  upstream?: { fetcher: StateFetcher; hardfork?: string };
  /** Starts a trace process (default forkTraceChild); tests give one that behaves as a taken-over process. */
  forkChild?: (memoryLimitMb: number, args: string[]) => TraceChildProcess;
}

/** What a {@link TracePool} has done so far (for tests and the benchmark). */
export interface TracePoolStats {
  /** Traces handed to a process. */
  started: number;
  /** Traces waiting for a process now. */
  waiting: number;
  /** Waiting traces dropped, never started, because their client went away. */
  dropped: number;
  /** Running traces ended (their process killed) because their client went away. */
  cancelled: number;
}

/** The pool of trace processes behind `serve`. */
export interface TracePool extends TraceRunner {
  /**
   * As {@link TraceRunner.trace}; without a client, the request is a client of its own (never cancelled, and served
   * in turn with the others).
   */
  trace(request: TraceRequest, client?: TraceClient): Promise<string | undefined>;
  /** Counts of what the pool has done. */
  stats(): TracePoolStats;
  /** Resolves once a process is ready to trace; rejects when processes keep dying before they get ready. */
  ready(): Promise<void>;
  /** Process ids of the live trace processes (for tests and logs). */
  pids(): number[];
  /** Kills every trace process and answers requests still waiting with an error. */
  close(): Promise<void>;
}

/** State requests one trace may make (a trace gives up after 64 state fetches, plus its own few). */
const maxStateRequests = 256;

interface Job {
  request: TraceRequest;
  budgetMs: number;
  client: TraceClient;
  resolve: (text: string | undefined) => void;
}

interface Slot {
  child: TraceChildProcess;
  pid: number;
  hello: boolean;
  ready: boolean;
  closed: Promise<void>;
  job?: { id: number; job: Job; timer: NodeJS.Timeout; stateRequests: number };
  /** The error answered for the job when the pool itself killed the process (timeout). */
  killedFor?: string;
  /** What the process said when it could not build its node. */
  failed?: string;
  /** The process said it ends after its last answer: no request goes to it any more. */
  retiring?: boolean;
  /** Ends this process (one beyond the warm ones) once it has been free for `idleMs`. */
  idleTimer?: NodeJS.Timeout;
}

/** A JSON-RPC error response text for `request` (undefined for a notification). */
function errorText(request: Record<string, unknown>, message: string, code = -32000): string | undefined {
  if (!('id' in request)) return undefined;
  const id = request.id;
  const valid = id === null || typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id));
  return JSON.stringify({ jsonrpc: '2.0', id: valid ? id : null, error: { code, message } });
}

const messageOf = (e: unknown) => (e as Error)?.message ?? String(e);
const internalError = (request: Record<string, unknown>, e: unknown) =>
  errorText(request, `internal error: ${messageOf(e)}`, -32603);

/** A client that never goes away: for requests given without one (each is a client of its own). */
const ownClient = (): TraceClient => ({ id: 'a direct caller', signal: new AbortController().signal });

/** The last non-empty line of a text. */
function lastLine(text: string): string {
  return text.trim().split('\n').pop()?.trim() ?? '';
}

const startAttempts = 3;

/** Everything one pool holds: its settings and its live state, shared by the functions below. */
interface Pool {
  options: TracePoolOptions;
  workers: number;
  warm: number;
  idleMs: number;
  memoryLimitMb: number;
  maxTimeoutMs: number;
  graceMs: number;
  maxQueued: number;
  log: (line: string) => void;
  slots: Set<Slot>;
  queue: ReturnType<typeof createFairQueue<Job>>;
  journal: string[];
  watched: WeakSet<TraceClient>;
  /** Traces running per client (absent: none), for the queue's order. */
  running: Map<object, number>;
  counts: { started: number; dropped: number; cancelled: number };
  readyWaiters: Array<{ resolve: () => void; reject: (e: Error) => void }>;
  nextId: number;
  closing: boolean;
  startFailures: number;
  onExit: () => void;
}

/** Sends a message with no client data but strings; a failure is logged (a broken channel shows as 'close'). */
function post(pool: Pool, slot: Slot, message: ToTraceChild): void {
  if (!slot.child.process.connected) return;
  try {
    slot.child.process.send(message, undefined, undefined, () => {});
  } catch (e) {
    pool.log(`trace process ${slot.pid}: could not send it a ${message.type} message: ${messageOf(e)}`);
  }
}

/** Kills a process on purpose; its running request (if any) is answered `answer` when it has gone. */
function kill(pool: Pool, slot: Slot, answer: string, why: string): void {
  slot.killedFor = answer;
  pool.log(`trace process ${slot.pid} killed: ${why}`);
  killProcessTree(slot.child.process);
}

function spawn(pool: Pool): void {
  // On the demo chain a process builds its node as soon as it has loaded, before `init` (traceChildMain).
  const args = pool.options.fixture === undefined && !pool.options.upstream ? [demoChainArg] : [];
  const child = (pool.options.forkChild ?? forkTraceChild)(pool.memoryLimitMb, args);
  let closed!: () => void;
  const slot: Slot = {
    child,
    pid: child.process.pid ?? 0,
    hello: false,
    ready: false,
    closed: new Promise<void>((r) => (closed = r)),
  };
  pool.slots.add(slot);
  child.process.on('message', (m: FromTraceChild) => {
    try {
      onMessage(pool, slot, m);
    } catch (e) {
      // A bug here must not end the server (an event handler's exception would): say so and go on.
      pool.log(`trace process ${slot.pid}: handling its ${m?.type} message failed: ${messageOf(e)}`);
    }
  });
  child.process.on('close', (code: number | null, signal: NodeJS.Signals | null) => {
    try {
      onClose(pool, slot, code, signal);
    } catch (e) {
      pool.log(`trace process ${slot.pid}: handling its end failed: ${messageOf(e)}`);
    }
    closed();
  });
}

/** Processes that take a waiting request without a new one: the free ones and those still starting. */
function takers(pool: Pool): number {
  let n = 0;
  for (const slot of pool.slots) if (!slot.job && !slot.killedFor && !slot.retiring && !slot.failed) n++;
  return n;
}

/** Starts the warm processes that are missing, and more (up to `workers`) while requests wait with no taker. */
function fill(pool: Pool): void {
  if (pool.closing || pool.startFailures >= startAttempts) return;
  while (pool.slots.size < pool.warm) spawn(pool);
  while (pool.slots.size < pool.workers && pool.queue.size > takers(pool)) spawn(pool);
}

/** Processes not on their way out (killed or retiring). */
function staying(pool: Pool): number {
  let n = 0;
  for (const slot of pool.slots) if (!slot.killedFor && !slot.retiring) n++;
  return n;
}

/** A free process beyond the warm ones ends after `idleMs` without a request (the next burst starts it again). */
function idleLater(pool: Pool, slot: Slot): void {
  if (slot.job || slot.idleTimer || staying(pool) <= pool.warm) return;
  slot.idleTimer = setTimeout(() => {
    slot.idleTimer = undefined;
    if (slot.job || slot.killedFor || pool.closing || staying(pool) <= pool.warm) return;
    slot.killedFor = 'idle';
    killProcessTree(slot.child.process);
  }, pool.idleMs);
  slot.idleTimer.unref();
}

function finish(pool: Pool, slot: Slot, text: string | undefined): void {
  const current = slot.job;
  if (!current) return;
  clearTimeout(current.timer);
  slot.job = undefined;
  const client = current.job.client;
  const left = (pool.running.get(client) ?? 1) - 1;
  if (left > 0) pool.running.set(client, left);
  else pool.running.delete(client);
  current.job.resolve(text);
}

function freeSlot(pool: Pool): Slot | undefined {
  for (const slot of pool.slots)
    if (slot.ready && !slot.job && !slot.killedFor && !slot.retiring && slot.child.process.connected)
      return slot;
  return undefined;
}

/** The timer that kills `slot`'s process when it computes `job` longer than its budget without a word. */
function killTimer(pool: Pool, slot: Slot, job: Job): NodeJS.Timeout {
  const ms = job.budgetMs + pool.graceMs;
  return setTimeout(() => {
    if (!slot.killedFor)
      kill(pool, slot, 'execution timeout', `no answer ${Math.round(ms)} ms after the request`);
  }, ms);
}

/** Hands `job` to `slot`'s process, with the timer that kills it when it does not answer in time. */
function start(pool: Pool, slot: Slot, job: Job): void {
  clearTimeout(slot.idleTimer);
  slot.idleTimer = undefined;
  const id = ++pool.nextId;
  slot.job = { id, job, timer: killTimer(pool, slot, job), stateRequests: 0 };
  pool.running.set(job.client, (pool.running.get(job.client) ?? 0) + 1);
  pool.counts.started++;
  const message: ToTraceChild = {
    type: 'request',
    id,
    text: job.request.text,
    maxTimeoutMs: pool.maxTimeoutMs,
  };
  const lost = (e: unknown) => {
    if (slot.job?.id !== id) return;
    finish(
      pool,
      slot,
      internalError(job.request.body, `the trace process could not be reached (${messageOf(e)})`),
    );
    // The request never got there: the channel is broken, so the process is no use any more.
    if (!slot.killedFor) kill(pool, slot, 'the trace process could not be reached', 'its channel failed');
  };
  try {
    slot.child.process.send(message, undefined, undefined, (e) => e && lost(e));
  } catch (e) {
    // Thrown before anything was written: the process is as it was, and free for the next request at once.
    finish(pool, slot, internalError(job.request.body, e));
    pool.log(`trace process ${slot.pid}: a request could not be handed over: ${messageOf(e)}`);
  }
}

function dispatch(pool: Pool): void {
  const runningOf = (client: object) => pool.running.get(client) ?? 0;
  let slot: Slot | undefined;
  while (pool.queue.size > 0 && (slot = freeSlot(pool))) start(pool, slot, pool.queue.shift(runningOf)!);
  for (const free of pool.slots) if (free.ready) idleLater(pool, free);
}

/** A client went away: its waiting requests are dropped, its running ones ended with their process. */
function forget(pool: Pool, client: TraceClient): void {
  const dropped = pool.queue.drop(client);
  pool.counts.dropped += dropped.length;
  for (const job of dropped) job.resolve(errorText(job.request.body, 'the client went away'));
  for (const slot of pool.slots) {
    if (slot.job?.job.client !== client || slot.killedFor) continue;
    pool.counts.cancelled++;
    kill(pool, slot, 'the client went away', `its client (${client.id}) went away`);
  }
}

function onMessage(pool: Pool, slot: Slot, m: FromTraceChild): void {
  if (m.type === 'hello') {
    slot.hello = true;
    const upstream = pool.options.upstream && { hardfork: pool.options.upstream.hardfork };
    post(pool, slot, {
      type: 'init',
      fixture: pool.options.fixture,
      journal: pool.journal.slice(),
      upstream,
    });
  } else if (m.type === 'ready') {
    slot.ready = true;
    pool.startFailures = 0;
    for (const w of pool.readyWaiters) w.resolve();
    pool.readyWaiters = [];
    dispatch(pool);
  } else if (m.type === 'failed') {
    slot.failed = m.message;
  } else if (m.type === 'state' && slot.job?.id === m.id) {
    void fetchState(pool, slot, slot.job, m.request, m.calls);
  } else if (m.type === 'response' && slot.job?.id === m.id) {
    if ('retire' in m && m.retire) slot.retiring = true;
    finish(pool, slot, 'error' in m ? internalError(slot.job.job.request.body, m.error) : m.text);
    dispatch(pool);
  }
}

/**
 * Answers a trace process's `state` message: checked, fetched upstream, answered. The kill timer stops while this
 * process fetches (the upstream's time is not the tracer's) and starts again once the answer is sent.
 */
async function fetchState(
  pool: Pool,
  slot: Slot,
  current: NonNullable<Slot['job']>,
  request: number,
  asked: unknown,
): Promise<void> {
  clearTimeout(current.timer);
  const upstream = pool.options.upstream;
  let answers: unknown[];
  try {
    if (!upstream) throw new Error('this server has no upstream');
    if (++current.stateRequests > maxStateRequests)
      throw new Error(`the trace process asked for state more than ${maxStateRequests} times: refused`);
    checkReadOnlyCalls(asked);
  } catch (e) {
    // Only a process that went astray (its tracer broke out of the realm) asks for this: it goes.
    if (!slot.killedFor) kill(pool, slot, messageOf(e), `it asked for ${messageOf(e)}`);
    return;
  }
  let reply: ToTraceChild;
  try {
    answers = await fetchForTraceChild(asked, upstream.fetcher);
    reply = { type: 'state', request, answers };
  } catch (e) {
    // The upstream's fault, for the trace to word (it tells a reorganised chain from a pruned node).
    reply = { type: 'state', request, error: messageOf(e) };
  }
  if (slot.job !== current || slot.killedFor) return;
  post(pool, slot, reply);
  current.timer = killTimer(pool, slot, current.job);
}

function onClose(pool: Pool, slot: Slot, code: number | null, signal: NodeJS.Signals | null): void {
  pool.slots.delete(slot);
  clearTimeout(slot.idleTimer);
  const stderr = slot.child.stderrTail();
  const current = slot.job;
  if (current) {
    const message = slot.killedFor ?? describeChildExit({ code, signal, stderr });
    finish(pool, slot, errorText(current.job.request.body, message));
    if (!slot.killedFor) pool.log(`trace process ${slot.pid} stopped while tracing: ${message}`);
  }
  if (pool.closing) return;
  if (!slot.ready && !countStartFailure(pool, slot, describeStartFailure(slot, code, signal, stderr))) return;
  fill(pool);
  dispatch(pool);
}

/** Why a process that never got ready ended. */
function describeStartFailure(
  slot: Slot,
  code: number | null,
  signal: NodeJS.Signals | null,
  stderr: string,
): string {
  return slot.failed ?? (lastLine(stderr) || describeChildExit({ code, signal, stderr: '' }));
}

/**
 * Counts a process that could not start; after `startAttempts` in a row, answers everything waiting with the
 * reason and returns false (no new process is started then).
 */
function countStartFailure(pool: Pool, slot: Slot, why: string): boolean {
  pool.startFailures++;
  pool.log(`trace process ${slot.pid} could not start: ${why}`);
  if (pool.startFailures < startAttempts) return true;
  const message = `the trace processes cannot start (${why})`;
  for (const job of pool.queue.clear()) job.resolve(errorText(job.request.body, message));
  for (const w of pool.readyWaiters) w.reject(new Error(message));
  pool.readyWaiters = [];
  return false;
}

/** {@link TracePool.trace}: refused at once, or queued for the next free process. */
function trace(pool: Pool, request: TraceRequest, client: TraceClient): Promise<string | undefined> {
  const body = request.body;
  if (pool.closing) return Promise.resolve(errorText(body, 'the server is shutting down'));
  if (client.signal.aborted) return Promise.resolve(errorText(body, 'the client went away'));
  if (pool.queue.size >= pool.maxQueued)
    return Promise.resolve(
      errorText(body, `too many trace requests waiting (${pool.maxQueued}); try again later`),
    );
  // After processes kept failing to start, a new request tries again.
  if (pool.startFailures >= startAttempts && pool.slots.size === 0) pool.startFailures = startAttempts - 1;
  const { budgetMs } = capTraceTimeout(body, pool.maxTimeoutMs);
  if (!pool.watched.has(client)) {
    pool.watched.add(client);
    client.signal.addEventListener('abort', () => forget(pool, client), { once: true });
  }
  return new Promise((resolve) => {
    pool.queue.push(client, { request, budgetMs, client, resolve });
    fill(pool);
    dispatch(pool);
  });
}

/** {@link TracePool.close}: answers what waits, kills every process and resolves once all have gone. */
async function close(pool: Pool): Promise<void> {
  pool.closing = true;
  process.off('exit', pool.onExit);
  for (const job of pool.queue.clear())
    job.resolve(errorText(job.request.body, 'the server is shutting down'));
  for (const w of pool.readyWaiters) w.reject(new Error('the trace pool was closed'));
  pool.readyWaiters = [];
  const all = [...pool.slots];
  for (const slot of all) {
    if (slot.job) slot.killedFor = 'the server is shutting down';
    killProcessTree(slot.child.process);
  }
  await Promise.all(all.map((s) => s.closed));
}

/** {@link TracePool.ready}. */
function ready(pool: Pool): Promise<void> {
  if ([...pool.slots].some((s) => s.ready)) return Promise.resolve();
  if (pool.startFailures >= startAttempts)
    return Promise.reject(new Error('the trace processes cannot start'));
  return new Promise((resolve, reject) => pool.readyWaiters.push({ resolve, reject }));
}

/**
 * Starts `warm` trace processes (`forkTraceChild`, default all `workers`), each building the server's node, and
 * answers `debug_trace*` requests with them, one request per process at a time; while requests wait with no process
 * free or starting, more are started up to `workers`, and those beyond `warm` end after `idleMs` without a request.
 *
 * Fairness: requests wait in a queue per client (one connection), and a free process takes the next request of the
 * clients round-robin, those with the fewest traces running first (`createFairQueue`). The bound: a trace first in its
 * client's queue starts after at most one trace of every other client, however many each has queued; a client with
 * nothing running gets the next free process unless other such clients came before it. So with C other clients busy
 * and W processes, a trace waits for the traces running when it came to free a process, then at most about C / W
 * more rounds of traces, each bounded in time by the limits below. At most `maxQueued` requests wait in all; more are
 * refused at once.
 *
 * Clients that go: once a client's signal aborts, its waiting requests are dropped (never started) and a process
 * running one of its traces is killed and replaced, as for a timeout, with a log line.
 *
 * Limits enforced from outside the process: the request's `timeout` capped at `maxTimeoutMs` (see `capTraceTimeout`)
 * plus `graceMs`, after which the process is killed and the request answered `execution timeout`; V8's heap cap, whose
 * abort answers `tracer exceeded its memory limit`. A process that dies is replaced at once. Every raw transaction the
 * server's node accepted ({@link TraceRunner.journal}) is applied by every process, present and future, before its
 * next request, so a replacement serves the same chain.
 *
 * Nothing a client sends can throw out of the pool: a request goes to its process as the client's own JSON text (see
 * `TraceRequest`), which the process parses and answers, errors included, per request; a hand-off that fails anyway
 * answers its request with an internal error and frees the process at once (replacing it when its channel broke).
 */
export function createTracePool(options: TracePoolOptions = {}): TracePool {
  const slots = new Set<Slot>();
  const pool: Pool = {
    options,
    workers: options.workers ?? 2,
    warm: Math.min(options.warm ?? options.workers ?? 2, options.workers ?? 2),
    idleMs: options.idleMs ?? 30_000,
    memoryLimitMb: options.memoryLimitMb ?? 512,
    maxTimeoutMs: options.maxTimeoutMs ?? 60_000,
    graceMs: options.graceMs ?? 2000,
    maxQueued: options.maxQueued ?? 1000,
    log: options.log ?? (() => {}),
    slots,
    queue: createFairQueue<Job>(),
    journal: [],
    watched: new WeakSet<TraceClient>(),
    running: new Map<object, number>(),
    counts: { started: 0, dropped: 0, cancelled: 0 },
    readyWaiters: [],
    nextId: 0,
    closing: false,
    startFailures: 0,
    // If the server process exits without close() (an uncaught error), its trace processes go with it.
    onExit: () => {
      for (const slot of slots) killProcessTree(slot.child.process);
    },
  };
  process.on('exit', pool.onExit);
  fill(pool);

  return {
    trace: (request, client = ownClient()) => trace(pool, request, client),
    journal(raw) {
      // Under --upstream the chain is the upstream's: a sent transaction is its business, not the processes'.
      if (options.upstream) return;
      pool.journal.push(raw);
      for (const slot of slots) if (slot.hello) post(pool, slot, { type: 'journal', raw });
    },
    ready: () => ready(pool),
    pids: () => [...slots].map((s) => s.pid),
    stats: () => ({ ...pool.counts, waiting: pool.queue.size }),
    close: () => close(pool),
  };
}
