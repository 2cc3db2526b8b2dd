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

/** An authority (`user:pass@host:port`, the part between `//` and the path) cut at its userinfo. */
export interface CutAuthority {
  /** Whether it carried userinfo (an `@`). */
  found: boolean;
  /** The user as written, before the first `:` of the userinfo ('' without userinfo). */
  user: string;
  /** The password as written, after that `:`; undefined when the userinfo has no `:`. */
  password?: string;
  /** What follows the userinfo: host and port. */
  host: string;
}

/**
 * Cuts an authority at its userinfo: the last `@` ends it (so a password may contain `@`; the authority holds no
 * `/`, `?` or `#`), the first `:` in it ends the user. Nothing is decoded. The one place that knows where
 * `user:pass@` ends: splitUserInfo and maskEndpoint both read it.
 */
export function cutAuthority(authority: string): CutAuthority {
  const at = authority.lastIndexOf('@');
  if (at === -1) return { found: false, user: '', host: authority };
  const info = authority.slice(0, at);
  const colon = info.indexOf(':');
  const host = authority.slice(at + 1);
  if (colon === -1) return { found: true, user: info, host };
  return { found: true, user: info.slice(0, colon), password: info.slice(colon + 1), host };
}

/**
 * Takes `user:password@` out of an endpoint URL (browsers refuse to fetch such URLs, and the password would be shown
 * with it): `https://alice:pw@host/rpc` → `{ url: 'https://host/rpc', user: 'alice', password: 'pw' }`. The last `@`
 * before the path ends the userinfo, so a password may contain `@`; the first `:` ends the user. Text without
 * userinfo comes back unchanged; the rest of the URL is kept as written (not normalized). Never throws: a part whose
 * percent-escapes are malformed is kept as written. The only `user:pass@` splitter in src/ (the stored endpoints,
 * the endpoints panel and the HTTP and WebSocket transports use it; maskEndpoint reads cutAuthority).
 */
export function splitUserInfo(url: string): SplitUserInfo {
  const m = /^(\s*[A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/?#]*)/.exec(url);
  const cut = m ? cutAuthority(m[2]) : undefined;
  if (!m || !cut?.found) return { url, user: '', password: '', found: false };
  return {
    url: m[1] + cut.host + url.slice(m[0].length),
    user: decodeSafe(cut.user),
    password: decodeSafe(cut.password ?? ''),
    found: true,
  };
}
