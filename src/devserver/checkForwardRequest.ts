/** The parts of an incoming request that decide whether the forwarding route may serve it. */
export interface ForwardRequestFacts {
  method: string | undefined;
  /** `req.socket.remoteAddress`. */
  remoteAddress: string | undefined;
  /** `req.socket.localPort`: the dev server's own port (a target on it would forward to itself). */
  localPort: number | undefined;
  headers: Record<string, string | string[] | undefined>;
}

/** A refusal (HTTP status + plain message) or the target to forward to. */
export type ForwardDecision = { ok: true; target: URL } | { ok: false; status: number; message: string };

/** Header the page sets to the node URL. */
export const forwardToHeader = 'x-forward-to';
/** Header the route adds to what it sends; a request that already carries it came round in a loop. */
export const loopGuardHeader = 'x-tracer-forwarded';

/** True for 127.0.0.0/8, ::1 and IPv4-mapped 127.x addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  if (a === '::1' || a === '0:0:0:0:0:0:0:1') return true;
  const m = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(a);
  return !!m && m.slice(1).every((p) => Number(p) <= 255);
}

/** True for host names that can only mean this machine (no DNS involved). */
function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || isLoopbackAddress(h);
}

function header(facts: ForwardRequestFacts, name: string): string | undefined {
  const v = facts.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function refuse(status: number, message: string): ForwardDecision {
  return { ok: false, status, message: `Forwarding route: ${message}` };
}

/** Checks who is asking: only this machine, only this page (Host and Origin), only POST, no loops. */
function checkClient(facts: ForwardRequestFacts): ForwardDecision | undefined {
  if (!isLoopbackAddress(facts.remoteAddress))
    return refuse(
      403,
      `only this machine may use it; ${facts.remoteAddress ?? 'an unknown address'} is not a loopback address`,
    );
  if (facts.method !== 'POST')
    return refuse(405, `only POST is forwarded, not ${facts.method ?? 'no method'}`);
  // A Host that is not loopback means DNS rebinding: some web site resolved its own name to 127.0.0.1.
  const host = header(facts, 'host');
  let hostname: string | undefined;
  try {
    hostname = host ? new URL(`http://${host}`).hostname : undefined;
  } catch {
    hostname = undefined;
  }
  if (!hostname || !isLoopbackHostname(hostname))
    return refuse(403, `the Host header ${JSON.stringify(host ?? '')} is not this machine`);
  const origin = header(facts, 'origin');
  if (origin !== undefined && origin !== `http://${host}` && origin !== `https://${host}`)
    return refuse(403, `requests from another page (${origin}) are not forwarded`);
  if (header(facts, loopGuardHeader) !== undefined)
    return refuse(508, 'the request was already forwarded once (a forwarding loop)');
  return undefined;
}

/** Checks where to: an absolute http(s) URL without credentials, and not this route itself. */
function checkTarget(facts: ForwardRequestFacts): ForwardDecision {
  const raw = header(facts, forwardToHeader);
  if (!raw) return refuse(400, 'the X-Forward-To header with the node URL is missing');
  let target: URL;
  try {
    target = new URL(raw);
  } catch {
    return refuse(400, `X-Forward-To is not an absolute URL: ${JSON.stringify(raw.slice(0, 100))}`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return refuse(400, `only http:// and https:// node URLs are forwarded, not ${target.protocol}//`);
  if (target.username || target.password)
    return refuse(400, 'put the credentials in the Authorization header, not in the URL');
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  if (
    isLoopbackHostname(target.hostname) &&
    (port === facts.localPort || target.pathname.startsWith('/__forward'))
  )
    return refuse(508, `${target.host} is this dev server: it would forward to itself`);
  return { ok: true, target };
}

/** Decides whether the forwarding route serves a request, and where to. Pure: tested without a server. */
export function checkForwardRequest(facts: ForwardRequestFacts): ForwardDecision {
  return checkClient(facts) ?? checkTarget(facts);
}
