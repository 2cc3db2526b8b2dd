/**
 * The ports browsers refuse to fetch from (the Fetch standard's "bad ports", which Chromium reports as
 * ERR_UNSAFE_PORT; Node's fetch refuses them too): a request to one is never sent, and fetch says only that it failed.
 */
export const badPorts: ReadonlySet<number> = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104,
  109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515,
  526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/** The port a URL names (or its scheme's default), or null for a URL that does not parse. */
export function portOf(url: string): number | null {
  try {
    const u = new URL(url);
    if (u.port) return Number(u.port);
    return { 'http:': 80, 'ws:': 80, 'https:': 443, 'wss:': 443 }[u.protocol] ?? null;
  } catch {
    return null;
  }
}

/** What is said when fetch refused a port (browsers and Node's fetch alike): the request was never sent. */
export function badPortMessage(port: number): string {
  return (
    `Port ${port} is one of the ports fetch refuses for safety (browsers say ERR_UNSAFE_PORT), so the request ` +
    `was never sent. Serve the node on another port (8545 is usual).`
  );
}
