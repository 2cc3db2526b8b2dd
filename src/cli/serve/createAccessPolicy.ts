import { UsageError } from '../cliTypes.ts';
import { isLoopbackHostname } from './isLoopbackHostname.ts';

/** Options of {@link createAccessPolicy}. */
export interface AccessPolicyOptions {
  /** Extra origins a page may call from (`--allow-origin`); `*` allows every origin, `null` the opaque one. */
  allowOrigins?: readonly string[];
  /** Extra host names the Host header may carry (`--allow-host`), any port; `*` allows every name. */
  allowHosts?: readonly string[];
  /** The address the server was bound to; when it is not a loopback one, its name is allowed as a Host too. */
  boundHost?: string;
}

/** What a request may do: refused with a one-line reason, or answered (with the origin to echo in CORS). */
export type AccessDecision = { ok: true; allowOrigin?: string } | { ok: false; message: string };

/** Decides on a request's Host and Origin headers. */
export type AccessPolicy = (headers: { host?: string; origin?: string }) => AccessDecision;

/** The host name of a Host header value (`name[:port]`, `[v6][:port]`), as the URL parser normalizes it. */
function hostnameOf(value: string): string | undefined {
  if (value === '' || /[/?#@\\\s]/.test(value)) return undefined;
  try {
    return new URL(`http://${value}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** `scheme://host[:port]` of an http(s) origin as browsers send it, or undefined when it is not one. */
function originOf(value: string): string | undefined {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.origin;
  } catch {
    return undefined;
  }
}

/**
 * The `serve` access rules. Host: only loopback names and addresses (`localhost`, `127.x.x.x`, `[::1]`, any port)
 * unless allowed by name, so that a web page cannot reach the server through a DNS name rebound to 127.0.0.1. Origin:
 * requests without one (curl, the CLI) are answered; browsers' requests only from loopback pages
 * (`http(s)://127.0.0.1:*`, `localhost:*`, `[::1]:*`, which includes the playground) and the allowed origins.
 * Throws a {@link UsageError} for an option value that is not an origin / host name.
 */
export function createAccessPolicy(options: AccessPolicyOptions = {}): AccessPolicy {
  const origins = new Set<string>();
  for (const o of options.allowOrigins ?? []) {
    const normal = o === '*' || o === 'null' ? o : originOf(o);
    if (normal === undefined)
      throw new UsageError(
        `--allow-origin wants an origin such as https://app.example.com, not ${JSON.stringify(o)}`,
      );
    origins.add(normal);
  }
  const hosts = new Set<string>();
  for (const h of options.allowHosts ?? []) {
    const normal = h === '*' ? h : hostnameOf(h);
    if (normal === undefined)
      throw new UsageError(`--allow-host wants a host name such as node.lan, not ${JSON.stringify(h)}`);
    hosts.add(normal);
  }
  const b = options.boundHost;
  // A bare IPv6 address (as --host takes it) is bracketed the way a Host header carries it.
  const bound =
    b === undefined ? undefined : hostnameOf(b.includes(':') && !b.startsWith('[') ? `[${b}]` : b);
  if (bound !== undefined && !isLoopbackHostname(bound)) hosts.add(bound);

  return ({ host, origin }) => {
    if (host !== undefined && !hosts.has('*')) {
      const name = hostnameOf(host);
      if (name === undefined || (!isLoopbackHostname(name) && !hosts.has(name))) {
        const hint = name === undefined ? '' : `; add --allow-host ${name} to answer it`;
        return {
          ok: false,
          message: `the Host header ${JSON.stringify(host)} is not a loopback name (DNS rebinding guard)${hint}`,
        };
      }
    }
    if (origin === undefined) return { ok: true };
    const normal = origin === 'null' ? origin : originOf(origin);
    const allowed =
      origins.has('*') ||
      (normal !== undefined &&
        (origins.has(normal) || (normal !== 'null' && isLoopbackHostname(new URL(normal).hostname))));
    if (!allowed)
      return {
        ok: false,
        message: `requests from the page ${JSON.stringify(origin)} are refused; add --allow-origin ${origin} to allow it`,
      };
    return { ok: true, allowOrigin: origin };
  };
}
