import * as lzNamespace from 'lz-string';
import type { RequestDraft } from './appState.ts';
import { decodeRequestDraft } from './decodeRequestDraft.ts';

/** What a share link carries: the tracer and the request, never endpoints, users or passwords. */
export interface SharePayload {
  tracer: { name: string; source: string };
  request: RequestDraft;
}

/** The outcome of reading a URL hash. `none` means the hash holds no share link. */
export type ShareDecode =
  { kind: 'none' } | { kind: 'ok'; payload: SharePayload } | { kind: 'error'; message: string };

const currentShareVersion = 1;
// lz-string is UMD: Node sees only a default export, bundlers may see named ones.
const lz = ((lzNamespace as unknown as { default?: typeof lzNamespace }).default ??
  lzNamespace) as typeof lzNamespace;

/** Builds the `#v1=…` hash for `payload`. */
export function encodeShareHash(payload: SharePayload): string {
  const { method, fields, tracerConfig, timeout, rawMode, rawParams } = payload.request;
  const body = {
    t: { n: payload.tracer.name, s: payload.tracer.source },
    r: { m: method, f: fields, c: tracerConfig, o: timeout, x: rawMode, p: rawParams },
  };
  return `#v${currentShareVersion}=${lz.compressToEncodedURIComponent(JSON.stringify(body))}`;
}

/** Reads a URL hash; tampered, truncated or future-version links give an error message, never a throw. */
export function decodeShareHash(hash: string): ShareDecode {
  const m = /^#?v(\d+)=(.*)$/s.exec(hash);
  if (!m) return { kind: 'none' };
  const version = Number(m[1]);
  if (version > currentShareVersion)
    return {
      kind: 'error',
      message: `This share link was made by a newer version of the playground (v${version}); it was not opened.`,
    };
  if (version !== currentShareVersion)
    return { kind: 'error', message: `Unknown share link version v${version}; it was not opened.` };
  const broken = 'This share link is damaged or incomplete (was it cut off when copied?); it was not opened.';
  let text: string | null;
  try {
    text = lz.decompressFromEncodedURIComponent(m[2]);
  } catch {
    text = null;
  }
  if (!text) return { kind: 'error', message: broken };
  try {
    return { kind: 'ok', payload: validatePayload(JSON.parse(text)) };
  } catch {
    return { kind: 'error', message: broken };
  }
}

function validatePayload(data: unknown): SharePayload {
  const d = data as { t?: { n?: unknown; s?: unknown }; r?: Record<string, unknown> };
  if (!d || typeof d.t?.s !== 'string' || typeof d.t.n !== 'string') throw new Error('tracer');
  const r = d.r ?? {};
  const request = decodeRequestDraft({
    method: r.m,
    fields: r.f,
    tracerConfig: r.c,
    timeout: r.o,
    rawMode: r.x,
    rawParams: r.p,
  });
  if (!request) throw new Error('method');
  return { tracer: { name: d.t.n, source: d.t.s }, request };
}
