import { readFile } from 'node:fs/promises';
import type { CliCommand, CliIo } from './cliTypes.ts';
import { UsageError } from './cliTypes.ts';
import { stripControl } from './stripControl.ts';

/** Lazily loaded commands, one file each under `commands/`. */
const commands: Record<string, () => Promise<CliCommand>> = {
  check: async () => (await import('./commands/check.ts')).check,
  flatten: async () => (await import('./commands/flatten.ts')).flatten,
  payload: async () => (await import('./commands/payload.ts')).payload,
  curl: async () => (await import('./commands/curl.ts')).curl,
  probe: async () => (await import('./commands/probe.ts')).probe,
  send: async () => (await import('./commands/send.ts')).send,
  replay: async () => (await import('./commands/replay.ts')).replay,
  capture: async () => (await import('./commands/capture.ts')).capture,
  serve: async () => (await import('./commands/serve.ts')).serve,
};

const usage = `usage: tracer <command> [options]

commands:
  check FILE [--profile strict|goja] [--json]      ES5.1 check and tracer lint (exit 1 on any error)
  flatten FILE                                     print the ready-to-send tracer string
  payload FILE --method M --params JSON [--tracer-config JSON] [--timeout D]
  curl FILE --method M --params JSON --endpoint URL [--user U]
  send FILE --method M --params JSON --endpoint URL [--user U --password P] [--tracer-config JSON] [--timeout D]
  probe --endpoint URL [--user U --password P] [--json]
  replay --fixture FILE --tracer FILE [--tracer-config JSON] [--timeout D] [--memory-limit MB]
  capture --endpoint URL --tx HASH [--user U --password P]   print a replayable fixture of a mined tx
  serve [--port P] [--host 127.0.0.1] [--fixture FILE] [--allow-origin ORIGIN]... [--allow-host NAME]...
        [--max-timeout D] [--memory-limit MB] [--workers N]

FILE may be - for standard input.`;

/** Reads standard input to the end as UTF-8. */
async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The process-backed IO used by the real command line. */
export const processIo: CliIo = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
  readInput: async (p) => {
    if (p === '-') return readStdin();
    try {
      return await readFile(p, 'utf8');
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new UsageError(
        code === 'ENOENT' ? `no such file: ${p}` : `cannot read ${p}: ${(e as Error).message}`,
      );
    }
  },
};

/** Runs the CLI with `argv` (without node and script) and returns the exit code. */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    (name ? io.stdout : io.stderr)(usage + '\n');
    return name ? 0 : 2;
  }
  const load = commands[name];
  if (!load) {
    io.stderr(`tracer: unknown command '${name}'\n\n${usage}\n`);
    return 2;
  }
  try {
    return await (
      await load()
    )(rest, io);
  } catch (e) {
    // Messages may quote a node's or a tracer's text: no terminal control characters get through.
    if (e instanceof UsageError) {
      io.stderr(`tracer ${name}: ${stripControl(e.message)}\n`);
      return 2;
    }
    io.stderr(`tracer ${name}: ${stripControl((e as Error)?.message ?? String(e))}\n`);
    return 1;
  }
}
