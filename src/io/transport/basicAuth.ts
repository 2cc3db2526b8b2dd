/** The `Authorization: Basic …` header value for a user and password (UTF-8, as browsers and curl send it). */
export function basicAuthHeader(user: string, password: string): string {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return 'Basic ' + btoa(binary);
}

/** Splits `user:pass@` out of a URL (fetch refuses URLs with credentials); returns the clean URL and the credentials. */
export function splitUrlCredentials(url: string): { url: string; user?: string; password?: string } {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return { url };
  }
  if (!u.username && !u.password) return { url };
  const user = decodeURIComponent(u.username);
  const password = decodeURIComponent(u.password);
  u.username = '';
  u.password = '';
  return { url: u.toString(), user, password };
}

/** True when running in a browser or browser worker (no Node `process`), where CORS failures look like network errors. */
export function isBrowserLike(): boolean {
  const p = (globalThis as { process?: { versions?: { node?: string } } }).process;
  return typeof p?.versions?.node !== 'string';
}
