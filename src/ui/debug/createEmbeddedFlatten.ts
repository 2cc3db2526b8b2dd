import { wrap } from 'comlink';
import type { TargetId } from '../../core/targets.ts';
import type { EmbeddedFlattenApi, EmbeddedTracerCode } from '../../worker/embeddedFlattenContract.ts';

/**
 * The live check's embedded-node support (see LiveCheckOptions.embedded): `active` says whether the embedded node is
 * the endpoint; the text with console calls kept comes from a worker of its own, started on the first tracer that
 * needs it.
 */
export function createEmbeddedFlatten(active: () => boolean): {
  active(): boolean;
  flatten(source: string, target: TargetId): Promise<EmbeddedTracerCode | null>;
} {
  let api: ReturnType<typeof wrap<EmbeddedFlattenApi>> | undefined;
  return {
    active,
    flatten: async (source, target) => {
      api ??= wrap<EmbeddedFlattenApi>(
        new Worker(new URL('../../worker/embeddedFlatten.worker.ts', import.meta.url), { type: 'module' }),
      );
      return api.flatten(source, target);
    },
  };
}
