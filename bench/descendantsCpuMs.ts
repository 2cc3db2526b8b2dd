// CPU time of this process's descendants (a dev server, Chromium and its renderers), read from Linux's /proc: what a
// page load costs the machine, whatever else runs on it at the time (the wall-clock time depends on that).
import { readdirSync, readFileSync } from 'node:fs';

// USER_HZ, the unit of /proc/<pid>/stat times: 100 on Linux on every architecture Node runs on.
const ticksPerSecond = 100;

interface ProcStat {
  ppid: number;
  /** user + system time, its own and its reaped children's, in ticks */
  ticks: number;
}

function readStat(pid: string): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name, which is in parentheses and may hold spaces: state, ppid, ... utime is
    // the 14th field of the line, the 12th after the name.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) };
  } catch {
    return null; // exited meanwhile
  }
}

/**
 * CPU milliseconds used so far by every live descendant of `root` (this process by default, not counted), their
 * finished and reaped children included; null where there is no /proc.
 */
export function descendantsCpuMs(root = process.pid): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((e) => /^\d+$/.test(e));
  } catch {
    return null;
  }
  const children = new Map<number, { pid: number; ticks: number }[]>();
  for (const pid of pids) {
    const s = readStat(pid);
    if (!s) continue;
    const list = children.get(s.ppid) ?? [];
    list.push({ pid: Number(pid), ticks: s.ticks });
    children.set(s.ppid, list);
  }
  let ticks = 0;
  const queue = [root];
  while (queue.length) {
    for (const c of children.get(queue.pop()!) ?? []) {
      ticks += c.ticks;
      queue.push(c.pid);
    }
  }
  return (ticks * 1000) / ticksPerSecond;
}
