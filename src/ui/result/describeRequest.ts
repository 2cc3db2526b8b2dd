import { maskEndpoint } from '../../core/rpc/endpoint/maskEndpoint.ts';
import type { Endpoint } from '../../core/rpc/endpoint/endpoint.ts';
import { sentTracer } from './judgeReply.ts';

/** One part of a result's heading: the words shown and, when they shorten something, the whole value. */
export interface HeadingPart {
  text: string;
  title?: string;
}

/** What a result answers, part by part: method, target, tracer, endpoint, when. */
export interface RequestHeading {
  method: string;
  target?: HeadingPart;
  tracer?: string;
  endpoint: HeadingPart;
  when: string;
}

/** A hash or address cut to its start and end (`0x5c1e2f…9a2f`); shorter texts are kept. */
export function shortHex(text: string): string {
  return /^0x[0-9a-fA-F]{20,}$/.test(text) ? `${text.slice(0, 8)}…${text.slice(-4)}` : text;
}

const part = (label: string, value: string): HeadingPart => {
  const short = shortHex(value);
  return short === value ? { text: `${label} ${value}` } : { text: `${label} ${short}`, title: value };
};

/** A block number as sent (`0x1a`) with its decimal value beside it; tags (`latest`) as they are. */
function blockText(value: string): string {
  return /^0x[0-9a-fA-F]{1,13}$/.test(value) ? `${value} (${parseInt(value, 16)})` : value;
}

/** What a request is about, in a few words: the transaction, block or call it traces (undefined when nothing). */
export function describeTarget(method: string, params: readonly unknown[]): HeadingPart | undefined {
  const first = params[0];
  if (method === 'debug_traceTransaction' && typeof first === 'string') return part('transaction', first);
  if (method === 'debug_traceBlockByHash' && typeof first === 'string') return part('block', first);
  if (method === 'debug_traceBlockByNumber' && typeof first === 'string')
    return { text: `block ${blockText(first)}` };
  if (method === 'debug_traceCall' && first && typeof first === 'object') {
    const to = (first as { to?: unknown }).to;
    const at = typeof params[1] === 'string' ? ` at ${blockText(params[1])}` : '';
    const call = typeof to === 'string' ? part('call to', to) : { text: 'contract creation' };
    return { ...call, text: call.text + at };
  }
  const shown = params.filter((p) => typeof p === 'string' || typeof p === 'number').map(String);
  if (!shown.length) return undefined;
  const text = shown.map(shortHex).join(', ');
  return text === shown.join(', ') ? { text } : { text, title: shown.join(', ') };
}

/** Where it went: the endpoint's name and its URL masked like everywhere else (the embedded node has none). */
export function describeEndpoint(endpoint: Pick<Endpoint, 'name' | 'kind' | 'url'>): HeadingPart {
  if (endpoint.kind === 'embedded' || !endpoint.url) return { text: endpoint.name };
  return { text: `${endpoint.name} (${maskEndpoint(endpoint.url)})` };
}

/** The heading of a result: the sent request (method, params), the tracer's name and the endpoint it went to. */
export function describeRequest(
  sent: { method: string; params: readonly unknown[]; time: number },
  tracerName: string | undefined,
  endpoint: HeadingPart,
): RequestHeading {
  return {
    method: sent.method,
    target: describeTarget(sent.method, sent.params),
    tracer: sentTracer(sent.method, sent.params) === undefined ? undefined : tracerName,
    endpoint,
    when: new Date(sent.time).toLocaleTimeString(),
  };
}
