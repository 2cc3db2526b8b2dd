/**
 * True for a host name that can only mean this machine, as `URL.hostname` spells it: `localhost`, any `127.x.x.x`,
 * `[::1]` and the IPv4-mapped `[::ffff:7f00:1]` forms of 127.x.x.x. Web names never are, whatever they resolve to.
 */
export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase();
  if (h === 'localhost' || h === '[::1]') return true;
  if (/^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(h)) return true;
  const v4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return v4 !== null && v4.slice(1).every((part) => Number(part) <= 255);
}
