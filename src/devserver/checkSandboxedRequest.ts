// The dev server serves every project file (source, package.json, `?raw` of anything under the root). The page may
// read them; the embedded node's sandbox iframe (an opaque origin) and other sites may not. Its CSP already refuses
// every request the sandboxed worker could make; this is the server's own refusal in case a request gets out anyway.

/** Request headers as node:http gives them. */
export type RequestHeaders = Record<string, string | string[] | undefined>;

function header(headers: RequestHeaders, name: string): string | undefined {
  const v = headers[name];
  return (Array.isArray(v) ? v[0] : v)?.trim().toLowerCase();
}

/**
 * Returns why the dev server refuses a request (to be answered with 403), or null when it may serve it:
 * - `Origin: null`: an opaque origin asks (the sandbox iframe or its worker, another sandboxed frame);
 * - `Sec-Fetch-Site: cross-site` or `same-site` on anything but a navigation: another site's page (or the opaque
 *   sandbox, which is cross-site to everything) loads a script, worker, font, image or fetches a file.
 *
 * What the sandbox legitimately needs is not affected: the page (same origin) navigates the iframe to sandbox.html
 * and fetches the worker's code itself; the iframe and its blob worker load nothing from the server. Opening a dev
 * server URL from a link on another site (a navigation) still works. Pure: tested without a server.
 */
export function checkSandboxedRequest(headers: RequestHeaders): string | null {
  if (header(headers, 'origin') === 'null')
    return 'the dev server serves no files to an opaque origin (Origin: null), such as the embedded node sandbox';
  const site = header(headers, 'sec-fetch-site');
  if ((site === 'cross-site' || site === 'same-site') && header(headers, 'sec-fetch-mode') !== 'navigate') {
    const dest = header(headers, 'sec-fetch-dest') ?? 'unknown';
    return `the dev server serves its files to this page only, not to a ${site} ${dest} request`;
  }
  return null;
}
