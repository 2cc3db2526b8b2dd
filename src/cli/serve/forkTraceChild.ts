import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A forked trace process and the end of its stderr (for telling an out-of-memory death from others). */
export interface TraceChildProcess {
  process: ChildProcess;
  /** The last few KB the process wrote to stderr. */
  stderrTail(): string;
}

const tailBytes = 8192;
const entry = fileURLToPath(new URL('./traceChildMain.ts', import.meta.url));

/**
 * Forks `traceChildMain.ts` through tsx (resolved from this package, so it works from any working directory) with
 * V8's old space capped at `memoryLimitMb` (`--max-old-space-size`), IPC with structured-clone serialization, stdout
 * discarded and stderr kept. Detached: the process leads its own process group (see `killProcessTree`) and a
 * Ctrl+C in the terminal reaches only the parent, which shuts its children down itself.
 */
export function forkTraceChild(memoryLimitMb: number): TraceChildProcess {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const child = fork(entry, [], {
    execArgv: ['--import', tsx, `--max-old-space-size=${memoryLimitMb}`],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
    detached: true,
  });
  let tail = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (d: string) => {
    tail = (tail + d).slice(-tailBytes);
  });
  // Errors of the IPC channel (a send after the process died) show as its 'close'.
  child.on('error', () => {});
  return { process: child, stderrTail: () => tail };
}
