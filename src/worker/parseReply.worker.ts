// Parses and classifies JSON-RPC replies off the main thread; only a summary (or a small value) comes back. A large
// result stays here as a lazy tree; the page asks for the rows it shows over a MessagePort given with the summary.
import { expose, transfer, type Endpoint } from 'comlink';
import { createResultTree, type ResultTree } from '../core/result/createResultTree.ts';
import { prepareResultViews } from '../core/result/prepareResultViews.ts';
import { summarizeReplyKeepingValue } from '../core/rpc/protocol/summarizeReply.ts';
import type { ParseReplyApi, ResultTreeApi } from './contracts.ts';

// Only the newest large result is kept: a 50 MB reply parses to a few hundred MB of objects. A replaced tree's port
// stays open (the page closes its end) and answers with a clear error instead of never answering.
let current: { tree: ResultTree | null; value: unknown } | null = null;
const replacedMessage = 'This result was replaced by a newer one: send the request again to browse it.';

function releaseTree(): void {
  if (current) [current.tree, current.value] = [null, undefined];
  current = null;
}

function serveTree(value: unknown): { port: MessagePort; size: number } {
  releaseTree();
  const mine: { tree: ResultTree | null; value: unknown } = { tree: createResultTree(value), value };
  current = mine;
  const channel = new MessageChannel();
  const live = (): ResultTree => {
    if (!mine.tree) throw new Error(replacedMessage);
    return mine.tree;
  };
  const api: ResultTreeApi = {
    size: () => live().size(),
    rows: (start, count) => live().rows(start, Math.min(count, 500)),
    toggle: (path, open) => live().toggle(path, open),
    indexOf: (path) => live().indexOf(path),
    findNext: (query) => live().findNext(query),
    valueText: (path) => live().valueText(path),
    views: (selection) => (live(), prepareResultViews(mine.value, selection)),
  };
  expose(api, channel.port1);
  return { port: channel.port2, size: live().size() };
}

const api: ParseReplyApi = {
  parse(response, options) {
    const out = summarizeReplyKeepingValue(response, options);
    if (!('largeValue' in out))
      return transfer({ summary: out.summary, body: response.body }, [response.body]);
    const tree = serveTree(out.largeValue);
    return transfer({ summary: { ...out.summary, tree }, body: response.body }, [response.body, tree.port]);
  },
};

/** Answers {@link ParseReplyApi} on `endpoint` (the worker's global scope; a MessagePort in tests). */
export function serveParseReply(endpoint: Endpoint): void {
  expose(api, endpoint);
}

declare const WorkerGlobalScope: unknown;
if (typeof WorkerGlobalScope !== 'undefined') serveParseReply(self as unknown as Endpoint);
