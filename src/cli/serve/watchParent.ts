import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/** What {@link watchParent} reads about processes; replaced in tests. */
export interface ProcessTable {
  /** This process's parent id now (`process.ppid`, which changes when the parent dies and the process is re-parented). */
  ownParent(): number;
  /** The parent id of another process, or undefined when it is gone or cannot be read (no /proc). */
  parentOf(pid: number): number | undefined;
  /** The command line of a process (argv), or undefined when it cannot be read. */
  commandLine(pid: number): string[] | undefined;
}

/** Linux's /proc, read synchronously (a few hundred bytes per poll). */
export const procTable: ProcessTable = {
  ownParent: () => process.ppid,
  parentOf(pid) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return Number.isInteger(ppid) ? ppid : undefined;
    } catch {
      return undefined;
    }
  },
  commandLine(pid) {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    } catch {
      return undefined;
    }
  },
};

const shells = new Set(['sh', 'dash', 'bash', 'zsh', 'ash', 'ksh', 'mksh']);

/** True for a shell: `sh -c '…'`, `bash script.sh`, a login shell (`-bash`). */
function isShell(argv: string[] | undefined): boolean {
  return !!argv && argv.length >= 1 && shells.has(basename(argv[0].split(' ')[0]).replace(/^-/, ''));
}

/** True for `sh -c '…'`: the wrapper npm run (and many tools) start a script's command in. */
function isShellWrapper(argv: string[] | undefined): boolean {
  return isShell(argv) && argv!.length >= 3 && argv![1] === '-c';
}

/** True when a shell script runs something in the background (a lone `&`, not `&&`, `>&` or `&>`). */
function backgrounds(script: string): boolean {
  return script.replace(/&&|[<>]&|&>/g, '').includes('&');
}

const packageRunners = new Set(['npm', 'npx', 'pnpm', 'pnpx', 'yarn', 'bun', 'npm-cli.js', 'npx-cli.js']);

/** True for npm (whose title is `npm run …`, or `node …/npm-cli.js`) and the other package managers' runners. */
function isPackageRunner(argv: string[] | undefined): boolean {
  const words = (argv ?? [])
    .join(' ')
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => basename(w));
  return packageRunners.has(words[0]) || (words[0] === 'node' && packageRunners.has(words[1]));
}

/** A process whose parent must stay the one it had when the server started (the `sh -c` wrapper and npm). */
interface Watched {
  pid: number;
  parent: number;
}

/** The first two words of a command line (`npm run`, `node bin/tracer.mjs`), program without its directory. */
function describe(argv: string[] | undefined): string {
  const words = (argv ?? []).join(' ').split(/\s+/).filter(Boolean).slice(0, 2);
  if (words.length === 0) return 'its parent';
  words[0] = basename(words[0]);
  return words.join(' ');
}

/**
 * Calls `onGone` once, with a one-line reason, when the process that started this one ends, where that process is
 * one that `serve` must not outlive: polls the parent id every `intervalMs` (it changes when the parent dies and the
 * process is re-parented to init or a subreaper).
 * - A shell is not watched: `tracer serve &` in a script, or a script that runs it, leaves a node that stays up once
 *   the script exits, as anvil does (it stops on SIGINT, SIGTERM, SIGHUP).
 * - Except npm's: when the parent is the `sh -c` wrapper of a package runner (`npm run tracer -- serve`) and runs
 *   `serve` in the foreground, both are watched: a SIGTERM to npm ends its shell without passing it on, and a shell
 *   that waits for its command outlives npm when npm is killed with SIGKILL.
 * - Any other parent (a test runner, a tool that spawned it) is watched, so that its end takes `serve` with it.
 * Nothing is watched when this process was started by init (pid 1) already. Returns the function that stops watching.
 */
export function watchParent(
  onGone: (reason: string) => void,
  options: { intervalMs?: number; table?: ProcessTable } = {},
): () => void {
  const table = options.table ?? procTable;
  const parent = table.ownParent();
  if (parent <= 1) return () => {};
  const argv = table.commandLine(parent);
  const watched: Watched[] = [];
  let label = `${describe(argv)} (pid ${parent})`;
  if (isShell(argv)) {
    if (!isShellWrapper(argv) || backgrounds(argv![2])) return () => {};
    const grandparent = table.parentOf(parent);
    if (grandparent === undefined || grandparent <= 1) return () => {};
    const runner = table.commandLine(grandparent);
    if (!isPackageRunner(runner)) return () => {};
    label = `${describe(runner)} (pid ${grandparent})`;
    watched.push({ pid: parent, parent: grandparent });
  }
  const timer = setInterval(() => {
    const gone =
      table.ownParent() !== parent ||
      watched.some((w) => {
        const now = table.parentOf(w.pid);
        return now !== undefined && now !== w.parent;
      });
    if (!gone) return;
    clearInterval(timer);
    onGone(`the process that started it, ${label}, ended`);
  }, options.intervalMs ?? 500);
  timer.unref();
  return () => clearInterval(timer);
}
