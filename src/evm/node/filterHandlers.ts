import type { Handler } from './nodeContext.ts';

/** Filters (eth_newFilter…) and subscriptions (eth_subscribe…): the method table's family 'filter'. */
export const filterHandlers: Record<string, Handler> = {};
