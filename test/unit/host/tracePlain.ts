import { traceWithJsTracer as trace } from '../../../src/evm/host/traceTransaction.ts';
import { TracerError } from '../../../src/evm/host/traceTypes.ts';

/** goja's ` at fn (<eval>:L:C(N))` part of an error text (positions are checked in runtimePositions.test.ts). */
export const positionPart = / at (?:[\w$]+ \()?<eval>:\d+:\d+\(\d+\)\)?/g;

/**
 * traceWithJsTracer with the goja position removed from error texts, for tables that state geth's text before
 * ` at ` (the reference compares only that part; positions have their own table).
 */
export async function traceWithJsTracer(...args: Parameters<typeof trace>): Promise<unknown> {
  try {
    return await trace(...args);
  } catch (e) {
    if (e instanceof TracerError) throw new TracerError(e.message.replace(positionPart, ''));
    throw e;
  }
}
