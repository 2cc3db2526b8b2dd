import type { StructLoggerConfig } from '../host/traceTypes.ts';
import { field } from './callArgs.ts';
import { invalidArgument } from './rpcError.ts';

/** geth's TraceConfig (keys matched case-insensitively), plus TraceCallConfig's extra fields. */
export interface TraceConfig {
  tracer?: string;
  timeout?: string;
  tracerConfig?: unknown;
  logger: StructLoggerConfig;
  stateOverrides?: unknown;
  blockOverrides?: unknown;
  txIndex?: bigint;
}

function typeName(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v === 'object' ? 'object' : typeof v;
}

/** Decodes the config at params[index]; `goType` names it in errors (tracers.TraceConfig / TraceCallConfig). */
export function decodeTraceConfig(value: unknown, index: number, goType = 'TraceConfig'): TraceConfig {
  if (value === undefined || value === null) return { logger: {} };
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidArgument(
      index,
      `json: cannot unmarshal ${typeName(value)} into Go value of type tracers.${goType}`,
    );
  }
  const o = value as Record<string, unknown>;
  const typed = <T>(key: string, type: 'string' | 'boolean' | 'number', go: string): T | undefined => {
    const v = field(o, key);
    if (v === undefined || v === null) return undefined;
    if (typeof v !== type) {
      throw invalidArgument(
        index,
        `json: cannot unmarshal ${typeName(v)} into Go struct field ${goType}.${key} of type ${go}`,
      );
    }
    return v as T;
  };
  const limit = typed<number>('limit', 'number', 'int');
  if (limit !== undefined && !Number.isInteger(limit)) {
    throw invalidArgument(
      index,
      `json: cannot unmarshal number ${limit} into Go struct field ${goType}.limit of type int`,
    );
  }
  const txIndex = field(o, 'txIndex');
  return {
    tracer: typed<string>('tracer', 'string', 'string'),
    timeout: typed<string>('timeout', 'string', 'string'),
    // A JSON null stays null: geth keeps it as the json.RawMessage `null`, so setup() receives the text 'null'
    // (only a missing tracerConfig becomes '{}').
    tracerConfig: field(o, 'tracerConfig'),
    logger: {
      enableMemory: typed<boolean>('enableMemory', 'boolean', 'bool'),
      disableStack: typed<boolean>('disableStack', 'boolean', 'bool'),
      disableStorage: typed<boolean>('disableStorage', 'boolean', 'bool'),
      enableReturnData: typed<boolean>('enableReturnData', 'boolean', 'bool'),
      limit,
    },
    stateOverrides: field(o, 'stateOverrides') ?? undefined,
    blockOverrides: field(o, 'blockOverrides') ?? undefined,
    txIndex: txIndex == null ? undefined : decodeTxIndex(txIndex, index),
  };
}

function decodeTxIndex(v: unknown, index: number): bigint {
  if (typeof v !== 'string' || !/^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/.test(v)) {
    throw invalidArgument(index, 'txIndex must be a hex quantity such as "0x0"');
  }
  return BigInt(v);
}

/** geth's built-in tracer names (prestateTracer and muxTracer are built into the embedded node, some run templates). */
export const nativeTracerNames = new Set([
  'callTracer',
  'flatCallTracer',
  'prestateTracer',
  '4byteTracer',
  'noopTracer',
  'muxTracer',
  'erc7562Tracer',
  'callTracerLegacy',
  'prestateTracerLegacy',
  'bigramTracer',
  'evmdisTracer',
  'opcountTracer',
  'trigramTracer',
  'unigramTracer',
]);

/** The playground template (tracer-templates/<id>.js) that reproduces a geth built-in tracer's output. */
export const templateForNativeTracer: Readonly<Record<string, string>> = {
  callTracer: 'call-tree',
  flatCallTracer: 'flat-calls',
  prestateTracer: 'prestate',
  '4byteTracer': 'selector-counter',
};

/** The text of a tracer template by id (`call-tree` → tracer-templates/call-tree.js), where the host can read them. */
export type TemplateSource = (templateId: string) => string | undefined;

/** geth's noopTracer: runs and returns an empty object. */
const noopTracerCode = '{fault: function () {}, result: function () { return {}; }}';

/** True when a prestateTracer config asks for diffMode (which the prestate template runs). */
function wantsDiffMode(config: unknown): boolean {
  return (
    typeof config === 'object' && config !== null && (config as { diffMode?: unknown }).diffMode === true
  );
}

/**
 * The JavaScript the embedded node runs for geth built-in tracer `name`: the template that reproduces its output
 * exactly on geth's fixtures (callTracer with onlyTopCall and withLog, flatCallTracer, 4byteTracer, prestateTracer
 * with diffMode: `config` tells), or noopTracer's empty object; undefined for other names (prestateTracer without
 * diffMode is built in, muxTracer runs its members), or when the host gave no way to read templates.
 */
export function builtinTracerCode(
  name: string,
  templates?: TemplateSource,
  config?: unknown,
): string | undefined {
  if (name === 'noopTracer') return noopTracerCode;
  if (name === 'prestateTracer' && !wantsDiffMode(config)) return undefined;
  const template = templateForNativeTracer[name];
  return template === undefined ? undefined : templates?.(template);
}

/** The message for a geth built-in tracer name the embedded node does not implement (names the template if any). */
export function unsupportedNativeTracer(name: string): string {
  const template = templateForNativeTracer[name];
  const hint = template
    ? `use the "${template}" template (tracer-templates/${template}.js), which reproduces its output`
    : 'send the JavaScript source of a tracer instead';
  return `tracer "${name}" is built into geth but not into the embedded node, which runs JavaScript tracers (and prestateTracer): ${hint}`;
}
