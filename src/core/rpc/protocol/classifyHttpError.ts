import type { ResponseMeta, RpcResult } from './classifyResponse.ts';
import { type TransportResponse, responseText } from './transportOutcome.ts';

/** The first 300 characters of a body, for messages and previews. */
export const preview = (text: string) => (text.length > 300 ? text.slice(0, 300) + '…' : text);

/** The <title> of an HTML page, if any. */
export function htmlTitle(text: string): string | undefined {
  return /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1].trim();
}

/** Whether a response is an HTML page (by content type or by its first tag). */
export function isHtml(r: TransportResponse): boolean {
  return (
    // No header is `undefined`, which RegExp#test reads as the text "undefined".
    /text\/html/i.test(r.headers['content-type']) || /^\s*<(!doctype|html|head|body)/i.test(responseText(r))
  );
}

/** Statuses that win over any body: the request never reached JSON-RPC handling. */
export function httpError(r: TransportResponse, meta: ResponseMeta, status: number): RpcResult | undefined {
  const base = { kind: 'http-error' as const, status, bodyPreview: preview(responseText(r)), ...meta };
  if (status === 401) {
    return {
      ...base,
      message:
        'HTTP 401: the node wants credentials, or rejected the ones sent: check the user name and password',
    };
  }
  if (status === 403) {
    return {
      ...base,
      message:
        'HTTP 403: access forbidden: the credentials or API key are rejected, or this origin/IP/method is not allowed',
    };
  }
  if (status === 429) {
    const retryAfter = r.headers['retry-after'];
    const wait = retryAfter
      ? `; the server asks to wait ${/^\d+$/.test(retryAfter) ? retryAfter + ' s' : retryAfter}`
      : '';
    return { ...base, retryAfter, message: `HTTP 429: rate limit reached${wait}` };
  }
  return undefined;
}

/** Any other non-2xx answer that is not a JSON-RPC error: HTML page, 5xx, or another status. */
export function otherHttpError(r: TransportResponse, meta: ResponseMeta, status: number): RpcResult {
  const base = { kind: 'http-error' as const, status, bodyPreview: preview(responseText(r)), ...meta };
  if (isHtml(r)) {
    const title = htmlTitle(responseText(r));
    return {
      ...base,
      message: `HTTP ${status}: the server sent an HTML page${title ? ` ("${title}")` : ''}, not JSON-RPC: a proxy or gateway error, or the wrong URL`,
    };
  }
  if (status >= 500)
    return {
      ...base,
      message: `HTTP ${status}: the server failed (${preview(responseText(r).trim()) || 'empty body'})`,
    };
  return { ...base, message: `HTTP ${status}: ${preview(responseText(r).trim()) || 'no details'}` };
}
