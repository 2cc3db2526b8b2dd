/** What a CLI command gets: its arguments and the process's streams, passed in so tests can drive it in-process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads a file path, or standard input for `-`. Throws an Error with a readable message when it cannot. */
  readInput: (pathOrDash: string) => Promise<string>;
}

/** A command: returns the process exit code. Errors go to `io.stderr`. */
export type CliCommand = (args: string[], io: CliIo) => Promise<number>;

/** An error whose message is shown to the user as is (no stack), with exit code 2 for usage errors. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
