import type { DemoChainSnapshot } from './demoChainSnapshot.ts';

/**
 * The demo chain as the CLI's build wrote it (scripts/build-cli.mjs replaces this module with the snapshot of the
 * chain its sources build), so a built `tracer serve` starts without executing the demo blocks; from the sources
 * (tsx, tests, the browser) there is none and the chain is built.
 */
export const builtDemoSnapshot: DemoChainSnapshot | undefined = undefined;
