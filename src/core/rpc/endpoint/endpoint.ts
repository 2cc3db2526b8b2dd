/** Where requests go. The embedded node is always present and cannot be removed. */
export interface Endpoint {
  id: string;
  name: string;
  kind: 'embedded' | 'http';
  /** HTTP(S) URL; may embed an API key (masked in the UI). Empty for the embedded node. */
  url: string;
  /** Optional WS(S) URL. */
  wsUrl: string;
  /** Send over the WS(S) URL instead of HTTP(S). */
  preferWs: boolean;
  /** Optional basic-auth user. */
  user: string;
  /** Optional basic-auth password: kept in memory only unless `remember` is set. */
  password: string;
  /** Keep the password in localStorage on this device. */
  remember: boolean;
  /** Ethereum-style or Bitcoin-style JSON-RPC. */
  family: 'evm' | 'bitcoin';
  /** Send HTTP requests through the dev/preview server's forwarding route ({@link forwardPath}; nodes without CORS). */
  forward: boolean;
}

/** An endpoint with every field at its blank default, with `fields` set over it (one place for the defaults). */
export function createEndpoint(fields: Pick<Endpoint, 'id' | 'name' | 'kind'> & Partial<Endpoint>): Endpoint {
  return {
    url: '',
    wsUrl: '',
    preferWs: false,
    user: '',
    password: '',
    remember: false,
    family: 'evm',
    forward: false,
    ...fields,
  };
}

/** Path of the forwarding route on the dev and preview servers (src/devserver), where `forward` endpoints are sent. */
export const forwardPath = '/__forward';
