import { splitUserInfo } from '../../core/rpc/endpoint/splitUserInfo.ts';

/** The `Authorization: Basic …` header value for a user and password (UTF-8, as browsers and curl send it). */
export function basicAuthHeader(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return 'Basic ' + btoa(binary);
}

/**
 * Splits `user:pass@` out of a URL (fetch refuses URLs with credentials) with `splitUserInfo`, the one splitter:
 * the URL without userinfo, and the credentials when it carried a user or a password (an empty `@` sends none).
 * Never throws: a part with malformed percent-escapes is sent as written.
 */
export function splitUrlCredentials(url: string): { url: string; user?: string; password?: string } {
  const split = splitUserInfo(url);
  if (!split.found) return { url };
  if (split.user === '' && split.password === '') return { url: split.url };
  return { url: split.url, user: split.user, password: split.password };
}

/** True when running in a browser or browser worker (no Node `process`), where CORS failures look like network errors. */
export function isBrowserLike(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node !== 'string';
}
