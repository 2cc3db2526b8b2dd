import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { killProcessTree } from './killProcessTree.ts';

/** A forked trace process and the end of its stderr (for telling an out-of-memory death from others). */
export interface TraceChildProcess {
  process: ChildProcess;
  /** The last few KB the process wrote to stderr (and the watchdog's line when it killed the process for memory). */
  stderrTail(): string;
}

const tailBytes = 8192;

/** The file a trace process runs, and whether it needs tsx (TypeScript sources) to load. */
export interface TraceChildEntry {
  file: string;
  tsx: boolean;
}

/**
 * Where the trace process's entry is, seen from `here` (the directory of this module as it runs): beside it in the
 * sources (traceChildMain.ts, through tsx); in the built command line (build/cli/, scripts/build-cli.mjs), the built
 * traceChild.js, plain JavaScript. bin/tracer.mjs runs the build only while it is fresh, so the built child is as
 * fresh as the code forking it. Without either (an older build), the sources two levels up, through tsx.
 */
export function findTraceChildEntry(here: string): TraceChildEntry {
  const source = join(here, 'traceChildMain.ts');
  if (existsSync(source)) return { file: source, tsx: true };
  const built = join(here, 'traceChild.js');
  if (existsSync(built)) return { file: built, tsx: false };
  return { file: join(here, '../../src/cli/serve/traceChildMain.ts'), tsx: true };
}

const entry = findTraceChildEntry(dirname(fileURLToPath(import.meta.url)));

/**
 * Resident memory a trace process may hold beyond its heap cap: Node itself, compiled code, V8's young generation and
 * the embedded node's chain (measured: about 140 MB resident for an idle trace process).
 */
export const residentHeadroomMb = 256;
/** How often the watchdog reads a trace process's resident memory. */
const watchMs = 20;
const pageBytes = 4096;

/**
 * Forks the trace process's entry ({@link findTraceChildEntry}: the built JavaScript from the build, the TypeScript
 * sources through tsx, resolved from this package, otherwise) with `args` (see traceChildMain) and V8's old space capped at `memoryLimitMb` (`--max-old-space-size`), IPC with structured-clone serialization, stdout
 * discarded and stderr kept. Detached: the process leads its own process group (see `killProcessTree`) and a
 * Ctrl+C in the terminal reaches only the parent, which shuts its children down itself.
 *
 * V8's cap counts no ArrayBuffer or typed array: the realm's own check (createVmRealm) stops a tracer whose heap and
 * buffers together pass it, at its next guard call, and a watchdog here reads the process's resident memory every
 * 20 ms (Linux) and kills the process once it holds more than `memoryLimitMb` + {@link residentHeadroomMb}, for what
 * no guard call sees in time (built-ins allocating in a loop of their own). Its stderr tail then says
 * `tracer exceeded its memory limit` (see describeChildExit).
 */
export function forkTraceChild(memoryLimitMb: number, args: string[] = []): TraceChildProcess {
  const loader = entry.tsx
    ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href]
    : [];
  const child = fork(entry.file, args, {
    execArgv: [...loader, `--max-old-space-size=${memoryLimitMb}`],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
    detached: true,
    // A trace process needs no credentials: the password `send`/`replay` may read from the environment stays here.
    env: Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'TRACER_PASSWORD')),
  });
  let tail = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (d: string) => {
    tail = (tail + d).slice(-tailBytes);
  });
  // Errors of the IPC channel (a send after the process died) show as its 'close'.
  child.on('error', () => {});
  const capBytes = (memoryLimitMb + residentHeadroomMb) * 1024 * 1024;
  const watch = setInterval(() => {
    const resident = residentBytes(child.pid);
    if (resident === undefined || resident <= capBytes) return;
    clearInterval(watch);
    tail += `\ntracer exceeded its memory limit (${Math.round(resident / 1048576)} MB resident)\n`;
    killProcessTree(child);
  }, watchMs);
  watch.unref();
  child.on('exit', () => clearInterval(watch));
  return { process: child, stderrTail: () => tail };
}

/** Resident bytes of process `pid` (Linux's /proc), or undefined where that cannot be read. */
function residentBytes(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // statm: size resident shared text lib data dt, in pages.
    return Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * pageBytes;
  } catch {
    return undefined;
  }
}
