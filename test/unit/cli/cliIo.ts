import { processIo } from '../../../src/cli/main.ts';
import type { CliIo } from '../../../src/cli/cliTypes.ts';

/** An in-process CLI IO that captures output; files are read for real, `-` returns `stdin`. */
export function createCaptureIo(stdin = ''): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: (t) => void (out += t),
    stderr: (t) => void (err += t),
    readInput: (p) => (p === '-' ? Promise.resolve(stdin) : processIo.readInput(p)),
    out: () => out,
    err: () => err,
  };
}
