import { cutAuthority } from './splitUserInfo.ts';
/** What replaces a secret in a shown URL. */
export const secretMask = '••••';

/*
 * The masking rule. An endpoint URL is treated like a password: what is shown (endpoint list, select, snippets, error
 * messages) and what is saved without "remember" is the URL with every part that could be a key replaced by
 * `••••`. The rule does not list providers or parameter names that are known to carry keys; it keeps only what is
 * plainly not a key, so an unknown provider's key is masked too.
 *
 * The text is cut into scheme, userinfo, host, port, path segments (each with its `;name=value` parameters), query
 * pairs (`name=value` or a bare value) and fragment. Then:
 *
 * - scheme, port, query and parameter names, and the separators are kept as typed;
 * - userinfo is always masked: `https://user:pass@host` → `https://••••:••••@host`;
 * - a host label is masked when it is 16+ letters and digits mixing both, without `-` (`<key>.eth.rpc.example`);
 *   other labels are kept (`mainnet.infura.io`, `nd-123-456-789.p2pify.com`, `127.0.0.1`);
 * - a fragment is masked whole (`#••••`): it is never sent to a node, so nothing in it helps to recognise one;
 * - a path segment, parameter value or query value is kept only when it is a PLAIN WORD and does not follow a
 *   KEY-ISH NAME; otherwise it is masked (an empty value is kept: there is nothing to hide).
 *
 * A PLAIN WORD is at most 32 characters, at most 4 parts joined by `-`, `_` or `.`, each part one of:
 *   lowercase letters (1–12) followed by at most 2 digits  (`rpc`, `ws`, `mainnet`, `v3`, `web3`, `erc20`)
 *   a capitalised word of at most 12 letters               (`C` in `/ext/bc/C/rpc`, `Mainnet`)
 *   a number of at most 6 digits                           (`1`, `8453`)
 * (percent-escapes are decoded first). So anything long, anything mixing letters and digits other than a short
 * word with a version/number suffix, anything upper-case (`KEY`), base64 or hex (`7f3e9a1b2c`), a UUID, a JWT and a
 * 13+ letter run are masked.
 *
 * A KEY-ISH NAME is a name containing key, token, secret, auth, pass, pwd, jwt, sig, cred, session or bearer
 * (any case): the value of such a query or `;` parameter (`?dkey=`, `?auth_token=`, `;key=`) and the path segment
 * right after a plain-word segment of that kind (`/api/key/…`, `/token/…`) are masked even when they look like words.
 * (A segment that is itself masked, say `KEY123SECRET`, is a key, not a name: the segment after it is judged alone.)
 *
 * Known limit: a key made only of one to four short lower-case words (`/mysecret`) looks like a path and is kept;
 * the endpoint form previews the masked URL under the field, so the user sees what will be hidden.
 */

const keyishName = /key|token|secret|auth|pass|pwd|jwt|sig|cred|session|bearer/i;
const plainPart = /^(?:[a-z]{1,12}\d{0,2}|[A-Z][a-z]{0,11}|\d{1,6})$/;

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Whether `text` is a plain word (see the rule above): short, lower-case words, versions or small numbers. */
export function isPlainWord(text: string): boolean {
  const t = decodeSafe(text);
  if (t.length > 32) return false; // the empty text has no non-empty part (below)
  const parts = t.split(/[-_.]/);
  if (parts.length > 4) return false;
  return parts.every((p) => p === '' || plainPart.test(p)) && parts.some((p) => p !== '');
}

/** Whether a name (a query or parameter name, or a path segment) announces a secret after it. */
function isKeyishName(name: string): boolean {
  return keyishName.test(decodeSafe(name));
}

function maskValue(value: string, afterKeyishName: boolean): string {
  if (value === '') return value;
  if (!afterKeyishName && isPlainWord(value)) return value;
  return secretMask;
}

/** `name=value` pairs joined by `sep` (query, `;` parameters); a part without `=` is a bare value. */
function maskPairs(text: string, sep: string): string {
  return text
    .split(sep)
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return maskValue(pair, false);
      const name = pair.slice(0, eq);
      return `${name}=${maskValue(pair.slice(eq + 1), isKeyishName(name))}`;
    })
    .join(sep);
}

function maskPath(path: string): string {
  let previousKeyish = false;
  // The path is empty or starts with `/`: the text before the first `/` is empty, which maskValue keeps.
  return path
    .split('/')
    .map((segment) => {
      const semi = segment.indexOf(';');
      const head = semi === -1 ? segment : segment.slice(0, semi);
      const params = semi === -1 ? '' : ';' + maskPairs(segment.slice(semi + 1), ';');
      const masked = maskValue(head, previousKeyish) + params;
      previousKeyish = isPlainWord(head) && isKeyishName(head); // a name such as `key`, not a key itself
      return masked;
    })
    .join('/');
}

function maskHost(hostPort: string): string {
  if (hostPort.startsWith('[')) return hostPort; // an IPv6 address
  const colon = hostPort.lastIndexOf(':');
  const host = colon === -1 ? hostPort : hostPort.slice(0, colon);
  const port = colon === -1 ? '' : hostPort.slice(colon);
  const labels = host.split('.').map((label) => {
    if (/^[A-Za-z0-9]{16,}$/.test(label) && /\d/.test(label) && /[A-Za-z]/.test(label)) return secretMask;
    return label;
  });
  return labels.join('.') + port;
}

const urlShape = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)?([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/s;

/**
 * The text with every part that could be a key masked. Cut and joined again without a change, a text comes back
 * character for character: a text with nothing to mask is returned as it is.
 */
function analyze(url: string): string {
  // Every text matches (each part may be empty, and `s` lets the fragment hold line breaks).
  const [, scheme = '', authority, path, query, fragment] = urlShape.exec(url)!;
  const cut = cutAuthority(authority);
  let userInfo = '';
  if (cut.found) {
    const password = cut.password === undefined ? '' : `:${cut.password === '' ? '' : secretMask}`;
    userInfo = secretMask + password + '@';
  }
  const host = maskHost(cut.host);
  const maskedPath = maskPath(path);
  const maskedQuery = query === undefined ? '' : '?' + maskPairs(query.slice(1), '&');
  let maskedFragment = fragment ?? '';
  if (fragment !== undefined && fragment.length > 1) maskedFragment = '#' + secretMask;
  return scheme + userInfo + host + maskedPath + maskedQuery + maskedFragment;
}

/** Whether an endpoint URL carries anything the masking rule (above) hides; false for a URL already masked. */
export function hasEmbeddedSecret(url: string): boolean {
  return analyze(url) !== url; // an already masked URL carries none
}

/**
 * The endpoint with every part that could be a key replaced by {@link secretMask}, following the rule in this file's
 * comment: `https://mainnet.infura.io/v3/••••`, `https://x.quiknode.pro/••••/`, `https://lb.drpc.org/ogrpc?network=
 * ethereum&dkey=••••`. Text without such a part (`http://127.0.0.1:8545`) comes back unchanged, character for
 * character; text that is not a URL is read as one (a missing scheme is allowed) and masked the same way.
 */
export function maskEndpoint(url: string): string {
  return analyze(url);
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
