import type { ChildProcess } from 'node:child_process';

/**
 * Kills a trace process with SIGKILL together with anything it started: it leads its own process group (it is
 * forked detached), so the whole group gets the signal. Does nothing once it has exited.
 */
export function killProcessTree(child: ChildProcess): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Not a group leader (or already gone): the process itself.
    try {
      child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
