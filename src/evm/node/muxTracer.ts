import { TracerError } from '../host/traceTypes.ts';

/** What runs one tracer of the mux, by name or JavaScript source, with its config, on its own copy of the run. */
export type MuxMember = (name: string, config: unknown) => Promise<unknown>;

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v === 'object' ? 'object' : typeof v === 'boolean' ? 'bool' : typeof v;
}

/**
 * geth's native muxTracer: its config maps tracer names (built-in names, or JavaScript tracer source, as
 * tracers.DefaultDirectory.New takes both) to their configs; its result maps the same keys to each tracer's result,
 * keys sorted as Go marshals a map. No config, `{}` or null: `{}`. The first tracer that fails fails the whole mux,
 * with its own error. Each tracer sees the same execution (here: its own run of the transaction on the same
 * pre-state).
 */
export async function runMuxTracer(config: unknown, member: MuxMember): Promise<Record<string, unknown>> {
  if (config === undefined || config === null) return {};
  if (typeof config !== 'object' || Array.isArray(config))
    throw new TracerError(
      `json: cannot unmarshal ${kindOf(config)} into Go value of type map[string]json.RawMessage`,
    );
  const names = Object.keys(config).sort();
  const out: Record<string, unknown> = {};
  for (const name of names) {
    const sub = (config as Record<string, unknown>)[name];
    // geth passes a JSON null as the text `null` (a JS tracer's setup gets 'null'); an absent one cannot occur here.
    out[name] = await member(name, sub);
  }
  return out;
}
