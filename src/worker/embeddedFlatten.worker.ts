// Flattens a tracer for the embedded node (console calls kept, see flattenForEmbeddedNode), off the main thread. The
// page starts it only for a tracer whose sole errors are console calls, and sends what it gives only to that node.
import { expose, type Endpoint } from 'comlink';
import { flattenForEmbeddedNode } from '../core/flatten/flattenForEmbeddedNode.ts';
import { defaultTarget, parseTarget } from '../core/targets.ts';
import type { EmbeddedFlattenApi } from './embeddedFlattenContract.ts';

/** The worker implementation (also used directly by unit tests). */
export const embeddedFlattenApi: EmbeddedFlattenApi = {
  flatten(source, target) {
    const r = flattenForEmbeddedNode(source, { target: parseTarget(target) ?? defaultTarget });
    return r.ok ? { kind: r.kind, code: r.code } : null;
  },
};

declare const WorkerGlobalScope: unknown;
if (typeof WorkerGlobalScope !== 'undefined') expose(embeddedFlattenApi, self as unknown as Endpoint);
