import { type Server, type Socket, createConnection, createServer } from 'node:net';

/** A TCP relay on 127.0.0.1 in front of a real server, for dropping connections at a chosen moment. */
export interface TcpRelay {
  port: number;
  /** How many client connections the relay has accepted so far. */
  connections(): number;
  /** Stops passing server → client bytes (requests still reach the server; answers wait). */
  hold(): void;
  /** Passes held and new answers again. */
  release(): void;
  /** Destroys every open client and server socket (an abrupt drop, like a proxy restart). */
  dropAll(): void;
  stop(): Promise<void>;
}

/** Starts a relay that forwards every connection to `upstreamPort` on 127.0.0.1. */
export function startTcpRelay(upstreamPort: number): Promise<TcpRelay> {
  const sockets = new Set<Socket>();
  const held: Array<() => void> = [];
  let holding = false;
  let accepted = 0;
  const track = (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => s.destroy());
  };
  const server: Server = createServer((client) => {
    accepted++;
    const upstream = createConnection({ host: '127.0.0.1', port: upstreamPort });
    track(client);
    track(upstream);
    client.on('data', (d) => upstream.write(d));
    upstream.on('data', (d) => {
      const pass = () => client.destroyed || client.write(d);
      if (holding) held.push(pass);
      else pass();
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      resolve({
        port,
        connections: () => accepted,
        hold: () => void (holding = true),
        release: () => {
          holding = false;
          for (const pass of held.splice(0)) pass();
        },
        dropAll: () => {
          held.length = 0;
          for (const s of sockets) s.destroy();
        },
        stop: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
