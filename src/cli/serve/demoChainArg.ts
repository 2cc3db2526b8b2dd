/**
 * The argument `createTracePool` forks a trace process with when the server serves the demo chain (no fixture, no
 * upstream): the process builds that node at once, while the server is still busy building its own, instead of after
 * the `init` message the server sends once it is free.
 */
export const demoChainArg = '--demo-chain';
