/** How a trace process ended, as the parent saw it. */
export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The end of what the process wrote to stderr. */
  stderr: string;
}

/** The text of the error answered to the request that a trace process was running when it died of memory. */
const memoryLimitMessage = 'tracer exceeded its memory limit';

// V8's own words, and the line forkTraceChild's watchdog adds when it kills a process for its resident memory.
const oomText =
  /heap out of memory|invalid size error|Fatal JavaScript|Reached heap limit|tracer exceeded its memory limit/i;

/**
 * The JSON-RPC error message for a request whose trace process ended without answering: `tracer exceeded its memory limit`
 * when V8 gave up on memory (its fatal errors abort: exit code 134, SIGABRT or SIGTRAP, or the stderr says so),
 * otherwise `the trace process stopped unexpectedly (…)` naming the signal or exit code.
 */
export function describeChildExit(exit: ChildExit): string {
  if (
    exit.code === 134 ||
    exit.signal === 'SIGABRT' ||
    exit.signal === 'SIGTRAP' ||
    oomText.test(exit.stderr)
  )
    return memoryLimitMessage;
  const how = exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`;
  return `the trace process stopped unexpectedly (${how})`;
}
