/**
 * A fetch that applies the browser's CORS rules for a page at `pageOrigin` (Fetch standard, simplified): a
 * cross-origin request that is not "simple" (JSON content type, Authorization) first gets a real OPTIONS preflight,
 * and the answers must allow the origin, or the call fails the way Chromium fails it: `TypeError: Failed to fetch`,
 * with no status and no body for the page. Used to see what a page would see, against real servers.
 */
export function createBrowserCorsFetch(pageOrigin: string): typeof fetch {
  const blocked = () => new TypeError('Failed to fetch');
  const allows = (res: Response) => {
    const origin = res.headers.get('access-control-allow-origin');
    return origin === '*' || origin === pageOrigin;
  };
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.origin === pageOrigin) return fetch(input, init);
    const headers = new Headers(init.headers);
    const simpleType = /^(text\/plain|application\/x-www-form-urlencoded|multipart\/form-data)/i;
    const nonSimple = [...headers.keys()].filter(
      (k) => k !== 'content-type' || !simpleType.test(headers.get(k) ?? ''),
    );
    if (nonSimple.length) {
      const pre = await fetch(url, {
        method: 'OPTIONS',
        headers: {
          Origin: pageOrigin,
          'Access-Control-Request-Method': init.method ?? 'GET',
          'Access-Control-Request-Headers': nonSimple.join(','),
        },
        signal: init.signal,
      }).catch(() => undefined);
      const allowed = (pre?.headers.get('access-control-allow-headers') ?? '').toLowerCase();
      const headersOk = allowed === '*' || nonSimple.every((h) => allowed.split(/\s*,\s*/).includes(h));
      if (!pre || !pre.ok || !allows(pre) || !headersOk) throw blocked();
    }
    headers.set('Origin', pageOrigin);
    const res = await fetch(url, { ...init, headers });
    if (!allows(res)) {
      await res.body?.cancel();
      throw blocked();
    }
    return res;
  }) as typeof fetch;
}

/** Runs `fn` with `process.versions.node` hidden, so code that asks "am I in a browser?" answers yes. */
export async function asIfInBrowser<T>(fn: () => Promise<T>): Promise<T> {
  const original = Object.getOwnPropertyDescriptor(process, 'versions')!;
  const { node: _node, ...rest } = process.versions;
  Object.defineProperty(process, 'versions', { ...original, value: rest });
  try {
    return await fn();
  } finally {
    Object.defineProperty(process, 'versions', original);
  }
}
