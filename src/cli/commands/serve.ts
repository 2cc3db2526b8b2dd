import type { CliCommand } from '../cliTypes.ts';
import { UsageError } from '../cliTypes.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import { stripControl } from '../stripControl.ts';
import { createTracePool } from '../serve/createTracePool.ts';
import type { TracePool } from '../serve/createTracePool.ts';
import { describeListenError } from '../serve/describeListenError.ts';
import { isLoopbackHostname } from '../serve/isLoopbackHostname.ts';
import { type ServeOptions, parseServeOptions } from '../serve/parseServeOptions.ts';
import { createCachingFetcher } from '../serve/createCachingFetcher.ts';
import { createUpstreamForwarder } from '../serve/createUpstreamForwarder.ts';
import { createUpstreamClient } from '../../io/upstream/createUpstreamClient.ts';
import { readStateByNumber } from '../../io/upstream/readStateByNumber.ts';
import { createTransport } from '../../io/transport/createTransport.ts';
import type { WebSocketConstructorLike } from '../../io/transport/createWsTransport.ts';
import { maskEndpoint } from '../../core/rpc/maskEndpoint.ts';
import { startRpcServer } from '../serve/startRpcServer.ts';
import { watchParent } from '../serve/watchParent.ts';
import type { RpcServer } from '../serve/startRpcServer.ts';
import type { TraceRunner } from '../serve/TraceRunner.ts';
import { createEmbeddedNode } from '../../evm/node/createEmbeddedNode.ts';
import { loadFixture } from '../../core/fixture/loadFixture.ts';

// Kept importable from here for the tests and tools that start a server in-process.
export { startRpcServer };
export type { RpcServer };

/**
 * The upstream of `serve --upstream`: one transport for both the forwarded requests and the trace processes' state
 * (which goes through a cache of answers pinned to a block hash).
 */
async function connectUpstream(u: NonNullable<ServeOptions['upstream']>) {
  const ws = /^wss?:/i.test(u.url)
    ? ((await import('ws')).default as unknown as WebSocketConstructorLike)
    : undefined;
  const transport = createTransport({
    url: u.url,
    user: u.user,
    password: u.password,
    WebSocketImpl: ws,
    supportsHeaders: true,
  });
  const label = maskEndpoint(u.url);
  const client = createUpstreamClient(transport, { label, batches: /^https?:/i.test(u.url) });
  return {
    transport,
    label,
    forwarder: createUpstreamForwarder(transport, label),
    fetcher: createCachingFetcher(readStateByNumber(client)),
  };
}

/**
 * `tracer serve [--port P] [--host 127.0.0.1] [--fixture FILE] [--allow-origin O]… [--allow-host H]…
 * [--max-timeout D] [--memory-limit MB] [--workers N]`: serves the embedded node over HTTP and WebSocket JSON-RPC
 * on one port, answering loopback pages and names only (plus the allowed ones), with `debug_trace*` run in a pool of
 * trace processes; prints the URLs and stops cleanly (children included) on SIGINT/SIGTERM/SIGHUP and when the process
 * that started it (npm run, a script) ends.
 */
export const serve: CliCommand = async (args, io) => {
  const parsed = parseCommandArgs(args, commandSpec('serve'));
  const o = parseServeOptions(parsed);
  let fixtureText: string | undefined;
  let fixture;
  if (o.fixtureFile !== undefined) {
    try {
      fixtureText = await io.readInput(o.fixtureFile);
      fixture = loadFixture(fixtureText);
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`${o.fixtureFile}: ${(e as Error).message}`);
    }
  }
  const log = (line: string) => io.stderr(`${stripControl(line)}\n`);
  const upstream = o.upstream && (await connectUpstream(o.upstream));
  const node = upstream?.forwarder ?? (await createEmbeddedNode({ fixture }));
  // The pool starts once the port is ours (no trace process is forked for a port in use); no request can come in
  // between: the continuation after listen runs before any socket callback.
  let pool: TracePool | undefined = undefined;
  const traces: TraceRunner = {
    trace: (request, client) => pool!.trace(request, client),
    journal: (raw) => pool!.journal(raw),
  };
  let server;
  try {
    server = await startRpcServer(node, o.host, o.port, {
      allowOrigins: o.allowOrigins,
      allowHosts: o.allowHosts,
      traces,
      log,
    });
  } catch (e) {
    const message = describeListenError(e, o.host, o.port);
    if (message !== undefined) throw new UsageError(message);
    throw e;
  }
  pool = createTracePool({
    upstream: upstream && { fetcher: upstream.fetcher, hardfork: o.upstream?.hardfork },
    fixture: fixtureText,
    workers: o.workers,
    memoryLimitMb: o.memoryLimitMb,
    maxTimeoutMs: o.maxTimeoutMs,
    log,
  });
  io.stdout(`embedded node listening on ${server.url} (HTTP) and ${server.wsUrl} (WebSocket)\n`);
  if (upstream)
    io.stdout(
      `tracing on the state of ${upstream.label} (debug_trace* run here); every other request is forwarded to it\n`,
    );
  if (fixture && 'demoDefaults' in node)
    io.stdout(`serving fixture ${o.fixtureFile}: ${JSON.stringify(node.demoDefaults)}\n`);
  const bracketed = o.host.includes(':') && !o.host.startsWith('[') ? `[${o.host}]` : o.host;
  if (!isLoopbackHostname(bracketed)) {
    io.stderr(
      `warning: listening on ${o.host}: anyone who can reach it can run tracer code in the trace processes` +
        ` (clients must send a Host this server allows: loopback names, ${o.host}, --allow-host)\n`,
    );
  }
  // Stops on a signal and when the process that started it ends: `npm run tracer -- serve` runs it under `sh -c`,
  // and a SIGTERM to npm (or npm's death) ends the shell but never reaches this process.
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  await new Promise<void>((resolve) => {
    const stop = () => {
      for (const s of signals) process.off(s, stop);
      unwatch();
      resolve();
    };
    const unwatch = watchParent((reason) => {
      // Its terminal or pipe may have gone with it: a failed write must not stop the shutdown.
      for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
      log(`${reason}; stopping`);
      stop();
    });
    for (const s of signals) process.on(s, stop);
  });
  await server.close();
  await pool.close();
  upstream?.transport.close?.();
  io.stdout('embedded node stopped\n');
  return 0;
};
