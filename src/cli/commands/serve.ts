import type { CliCommand, CliIo } from '../cliTypes.ts';
import { UsageError } from '../cliTypes.ts';
import { commandSpec, parseCommandArgs } from '../commandSpecs.ts';
import { stripControl } from '../stripControl.ts';
import { createTracePool } from '../serve/createTracePool.ts';
import { describeListenError } from '../serve/describeListenError.ts';
import { isLoopbackHostname } from '../serve/isLoopbackHostname.ts';
import { type ServeOptions, parseServeOptions } from '../serve/parseServeOptions.ts';
import type { UpstreamConnection } from '../serve/connectUpstream.ts';
import type { createUpstreamForwarder } from '../serve/createUpstreamForwarder.ts';
import { watchParent } from '../serve/watchParent.ts';
import type { RpcServer, startRpcServer } from '../serve/startRpcServer.ts';
import type { TraceRunner } from '../serve/TraceRunner.ts';
import type { EmbeddedNode } from '../../evm/node/createEmbeddedNode.ts';
import { loadFixture } from '../../core/fixture/loadFixture.ts';

// The embedded node's modules (@ethereumjs, its crypto), the upstream's and the server's (ws) are imported where they
// are needed, after the first trace process is forked: that process loads its own copy meanwhile, on the other core.

/** The `--fixture` file's text and the fixture it holds, or nothing without the option. */
async function readFixtureOption(o: ServeOptions, io: CliIo) {
  if (o.fixtureFile === undefined) return {};
  try {
    const fixtureText = await io.readInput(o.fixtureFile);
    return { fixtureText, fixture: loadFixture(fixtureText) };
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${o.fixtureFile}: ${(e as Error).message}`);
  }
}

/** Listens on the options' host and port; a port in use (or another listen error) is a usage error. */
async function listen(
  node: Parameters<typeof startRpcServer>[0],
  o: ServeOptions,
  traces: TraceRunner,
  log: Log,
) {
  try {
    const { startRpcServer } = await import('../serve/startRpcServer.ts');
    return await startRpcServer(node, o.host, o.port, {
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
}

/** What serve says once it listens: its URLs, what it serves (for the demo chain: chain id and accounts, as anvil). */
async function printStart(io: CliIo, o: ServeOptions, server: RpcServer, served: Served): Promise<void> {
  io.stdout(`embedded node listening on ${server.url} (HTTP) and ${server.wsUrl} (WebSocket)\n`);
  if (served.upstream)
    io.stdout(
      `tracing on the state of ${served.upstream.label} (debug_trace* run here); every other request is forwarded to it\n`,
    );
  else if (served.fixture && 'demoDefaults' in served.node)
    io.stdout(`serving fixture ${o.fixtureFile}: ${JSON.stringify(served.node.demoDefaults)}\n`);
  else if ('chain' in served.node)
    io.stdout((await import('../serve/formatDevAccounts.ts')).formatDevAccounts(served.node.chain));
  const bracketed = o.host.includes(':') && !o.host.startsWith('[') ? `[${o.host}]` : o.host;
  if (!isLoopbackHostname(bracketed)) {
    io.stderr(
      `warning: listening on ${o.host}: anyone who can reach it can run tracer code in the trace processes` +
        ` (clients must send a Host this server allows: loopback names, ${o.host}, --allow-host)\n`,
    );
  }
}

/**
 * Watches for SIGINT, SIGTERM or SIGHUP, or for the end of a starter that serve must not outlive (see watchParent: `npm
 * run tracer -- serve` under npm's `sh -c`; a shell script's `tracer serve &` is left running, as anvil is):
 * `stopped` resolves on the first. Started before the node is built, so a signal during start-up is not lost (it stops
 * the server once it is up); `cancel` stops watching when start-up fails.
 */
function watchStop(log: Log): { stopped: Promise<void>; cancel(): void } {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  let cancel = () => {};
  const stopped = new Promise<void>((resolve) => {
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
    cancel = () => {
      for (const s of signals) process.off(s, stop);
      unwatch();
    };
  });
  return { stopped, cancel };
}

type Log = (line: string) => void;

/** What one serve serves: the embedded node (demo chain or fixture) or an upstream's forwarder. */
interface Served {
  node: EmbeddedNode | ReturnType<typeof createUpstreamForwarder>;
  fixture?: unknown;
  upstream?: UpstreamConnection;
}

/**
 * `tracer serve [--port P] [--host 127.0.0.1] [--fixture FILE] [--allow-origin O]… [--allow-host H]…
 * [--max-timeout D] [--memory-limit MB] [--workers N]`: serves the embedded node over HTTP and WebSocket JSON-RPC
 * on one port, answering loopback pages and names only (plus the allowed ones), with `debug_trace*` run in a pool of
 * trace processes; prints the URLs (for the demo chain also its chain id and funded accounts with their test keys)
 * and stops cleanly (children included) on SIGINT/SIGTERM/SIGHUP. Started from a script in the background, it stays
 * up once the script exits, as anvil does; under `npm run` it stops with npm.
 */
export const serve: CliCommand = async (args, io) => {
  const o = await parseServeOptions(parseCommandArgs(args, commandSpec('serve')));
  const { fixtureText, fixture } = await readFixtureOption(o, io);
  const log: Log = (line) => io.stderr(`${stripControl(line)}\n`);
  const upstream =
    o.upstream && (await (await import('../serve/connectUpstream.ts')).connectUpstream(o.upstream));
  // One trace process starts now, building its node while this one builds the server's (the two cores work at
  // once); more start on demand (`--workers`). Nothing is left behind when the node or the port fails.
  const pool = createTracePool({
    upstream: upstream && { fetcher: upstream.fetcher, hardfork: o.upstream?.hardfork },
    fixture: fixtureText,
    workers: o.workers,
    warm: 1,
    memoryLimitMb: o.memoryLimitMb,
    maxTimeoutMs: o.maxTimeoutMs,
    log,
  });
  let node: Served['node'];
  let server: RpcServer;
  const stop = watchStop(log);
  try {
    node =
      upstream?.forwarder ??
      (await (await import('../../evm/node/createEmbeddedNode.ts')).createEmbeddedNode({ fixture }));
    server = await listen(node, o, pool, log);
  } catch (e) {
    stop.cancel();
    await pool.close();
    upstream?.transport.close?.();
    throw e;
  }
  await printStart(io, o, server, { node, fixture, upstream: upstream || undefined });
  await stop.stopped;
  await server.close();
  await pool.close();
  upstream?.transport.close?.();
  io.stdout('embedded node stopped\n');
  return 0;
};
