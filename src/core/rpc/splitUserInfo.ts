/** A URL with its `user:password@` taken out. */
export interface SplitUserInfo {
  /** The URL without userinfo (unchanged when it had none). */
  url: string;
  /**
   * The user and password it carried, percent-escapes decoded ('' when absent). A part with a malformed escape
   * (`%zz`, a lone `%`, bytes that are not UTF-8 such as `%C3`) is kept exactly as written, whole.
   */
  user: string;
  password: string;
  /** Whether the URL carried userinfo. */
  found: boolean;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Takes `user:password@` out of an endpoint URL (browsers refuse to fetch such URLs, and the password would be shown
 * with it): `https://alice:pw@host/rpc` → `{ url: 'https://host/rpc', user: 'alice', password: 'pw' }`. The last `@`
 * before the path ends the userinfo, so a password may contain `@`; the first `:` ends the user. Text without
 * userinfo comes back unchanged; the rest of the URL is kept as written (not normalized). Never throws: a part whose
 * percent-escapes are malformed is kept as written. The only `user:pass@` splitter in src/ (the stored endpoints,
 * the endpoints panel and the HTTP and WebSocket transports use it).
 */
export function splitUserInfo(url: string): SplitUserInfo {
  // The userinfo cannot hold `/`, `?` or `#`, so the greedy match stops at the last `@` before the path.
  const m = /^(\s*[A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/?#]*)@/.exec(url);
  if (!m) return { url, user: '', password: '', found: false };
  const [all, scheme, info] = m;
  const colon = info.indexOf(':');
  return {
    url: scheme + url.slice(all.length),
    user: decodeSafe(colon === -1 ? info : info.slice(0, colon)),
    password: colon === -1 ? '' : decodeSafe(info.slice(colon + 1)),
    found: true,
  };
}
