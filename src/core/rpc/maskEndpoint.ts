/** What replaces a secret in a shown URL. */
export const secretMask = '••••';

const secretQueryKey = /^(api[-_]?key|key|token|access[-_]?token|auth|secret|password|pass|x-api-key)$/i;

/**
 * Whether a path segment looks like an embedded key: the segment after a version segment (`/v2/KEY`, `/v3/KEY`),
 * 24+ hex digits, or a 20+ character token mixing letters and digits (base64/base62/UUID-like).
 */
function isSecretSegment(segment: string, previous: string | undefined): boolean {
  if (segment.length === 0) return false;
  if (previous !== undefined && /^v\d+$/i.test(previous) && /^[A-Za-z0-9_-]{8,}$/.test(segment)) return true;
  if (/^[0-9a-fA-F]{24,}$/.test(segment)) return true;
  return (
    segment.length >= 20 &&
    /^[A-Za-z0-9_\-+=.~%]+$/.test(segment) &&
    /[0-9]/.test(segment) &&
    /[A-Za-z]/.test(segment)
  );
}

interface MaskedParts {
  changed: boolean;
  text: string;
}

function maskPath(pathname: string): MaskedParts {
  const segments = pathname.split('/');
  let changed = false;
  const out = segments.map((seg, i) => {
    if (!isSecretSegment(seg, i > 0 ? segments[i - 1] : undefined)) return seg;
    changed = true;
    return secretMask;
  });
  return { changed, text: out.join('/') };
}

function maskQuery(search: string): MaskedParts {
  if (search.length <= 1) return { changed: false, text: search };
  let changed = false;
  const pairs = search
    .slice(1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = decodeURIComponentSafe(eq === -1 ? pair : pair.slice(0, eq));
      if (eq === -1 || !secretQueryKey.test(key) || eq === pair.length - 1) return pair;
      changed = true;
      return `${pair.slice(0, eq)}=${secretMask}`;
    });
  return { changed, text: '?' + pairs.join('&') };
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Splits a URL into its parts and masks them; undefined when `url` does not parse. */
function analyze(url: string): { masked: string; changed: boolean } | undefined {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return undefined;
  }
  const hasUserInfo = u.username !== '' || u.password !== '';
  const userInfo = hasUserInfo ? `${secretMask}${u.password ? ':' + secretMask : ''}@` : '';
  const path = maskPath(u.pathname);
  const query = maskQuery(u.search);
  const changed = hasUserInfo || path.changed || query.changed;
  const masked = `${u.protocol}//${userInfo}${u.host}${path.text}${query.text}${u.hash}`;
  return { masked, changed };
}

/** Whether an endpoint URL carries a secret: user:password@, a key-like path segment, or `?apikey=`/`?key=`/`?token=`. */
export function hasEmbeddedSecret(url: string): boolean {
  return analyze(url)?.changed ?? false;
}

/**
 * The endpoint with every embedded secret replaced by {@link secretMask}, e.g. `https://host/v2/••••`.
 * URLs without a secret (and strings that are not URLs) come back unchanged.
 */
export function maskEndpoint(url: string): string {
  const a = analyze(url);
  return a && a.changed ? a.masked : url;
}

/** Validates an endpoint: an absolute http(s):// or ws(s):// URL. */
export function validateEndpoint(url: unknown): { ok: true; value: URL } | { ok: false; message: string } {
  if (typeof url !== 'string' || url.trim() === '') return { ok: false, message: 'endpoint URL is empty' };
  const text = url.trim();
  const shown = maskEndpoint(text);
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    return {
      ok: false,
      message: `endpoint "${shown}" has no scheme: write http://${shown} (or https://, ws://, wss://)`,
    };
  }
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return { ok: false, message: `endpoint "${shown}" is not a valid URL` };
  }
  if (!['http:', 'https:', 'ws:', 'wss:'].includes(u.protocol)) {
    return { ok: false, message: `endpoint must use http, https, ws or wss, not ${u.protocol.slice(0, -1)}` };
  }
  return { ok: true, value: u };
}
