import { readFile } from 'node:fs/promises';
import type { CliCommand, CliIo } from './cliTypes.ts';
import { UsageError } from './cliTypes.ts';
import { stripControl } from './stripControl.ts';
import { commandSpecs, findCommandSpec, formatCommandHelp, formatUsage, wantsHelp } from './commandSpecs.ts';

/** Lazily loaded commands, one file each under `commands/`; `help` and the options of each are in commandSpecs.ts. */
export const commands: Record<string, () => Promise<CliCommand>> = {
  check: async () => (await import('./commands/check.ts')).check,
  flatten: async () => (await import('./commands/flatten.ts')).flatten,
  convert: async () => (await import('./commands/convert.ts')).convert,
  payload: async () => (await import('./commands/payload.ts')).payload,
  curl: async () => (await import('./commands/curl.ts')).curl,
  probe: async () => (await import('./commands/probe.ts')).probe,
  send: async () => (await import('./commands/send.ts')).send,
  replay: async () => (await import('./commands/replay.ts')).replay,
  capture: async () => (await import('./commands/capture.ts')).capture,
  serve: async () => (await import('./commands/serve.ts')).serve,
  demo: async () => (await import('./commands/demo.ts')).demo,
  rules: async () => (await import('./commands/rules.ts')).rules,
};

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

/** The command names, for messages. */
function commandNames(): string {
  return commandSpecs.map((c) => c.name).join(', ');
}

/** Runs the CLI with `argv` (without node and script) and returns the exit code. */
export async function main(argv: string[], io: CliIo = processIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || (name === 'help' && rest.length === 0)) {
    (name ? io.stdout : io.stderr)(formatUsage());
    return name ? 0 : 2;
  }
  if (name === 'help') {
    const spec = wantsHelp(rest, findCommandSpec('help')!)
      ? findCommandSpec('help')
      : rest.length === 1
        ? findCommandSpec(rest[0])
        : undefined;
    if (!spec) {
      const what = rest.length === 1 ? `unknown command '${stripControl(rest[0])}'` : 'give one COMMAND';
      io.stderr(`tracer help: ${what}; the commands: ${commandNames()}\n`);
      return 2;
    }
    io.stdout(formatCommandHelp(spec));
    return 0;
  }
  const load = commands[name];
  const spec = findCommandSpec(name);
  if (!load || !spec) {
    io.stderr(`tracer: unknown command '${stripControl(name)}'; the commands: ${commandNames()}\n`);
    return 2;
  }
  if (wantsHelp(rest, spec)) {
    io.stdout(formatCommandHelp(spec));
    return 0;
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
