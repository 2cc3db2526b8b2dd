/**
 * The one-line usage error for a `listen` failure that the user fixes with another `--port` or `--host` (port in
 * use, privileged port, address not on this machine, unknown host name); undefined for any other error.
 */
export function describeListenError(e: unknown, host: string, port: number): string | undefined {
  switch ((e as NodeJS.ErrnoException)?.code) {
    case 'EADDRINUSE':
      return `port ${port} on ${host} is already in use; pick another with --port`;
    case 'EACCES':
      return `port ${port} on ${host} is not open to this user (ports below 1024 need privileges); pick another with --port`;
    case 'EADDRNOTAVAIL':
      return `${host} is not an address of this machine; pick another with --host`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `the host name ${host} does not resolve; pick another with --host`;
    default:
      return undefined;
  }
}
