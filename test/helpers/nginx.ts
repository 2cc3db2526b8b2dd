import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './freePort.ts';

/** How the nginx reverse proxy in front of a node behaves. */
export interface NginxOptions {
  /** Port of the node on 127.0.0.1 that nginx forwards to (HTTP and WebSocket upgrades). */
  upstreamPort: number;
  /** When set, `auth_basic` with exactly this user and password. */
  auth?: { user: string; password: string };
  /** When false, every Access-Control-* header of the node is hidden and preflights get 405: a node without CORS. */
  cors: boolean;
}

/** A running nginx started by a test. */
export interface RunningNginx {
  port: number;
  url: string;
  wsUrl: string;
  stop(): Promise<void>;
}

/** Starts Debian's nginx (`/usr/sbin/nginx`, installed by scripts/ensure-system-packages.mjs) on a free loopback port. */
export async function startNginx(options: NginxOptions): Promise<RunningNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'nginx-test-'));
  mkdirSync(join(dir, 'tmp'));
  const port = await freePort();
  const authLines = options.auth ? `auth_basic "node"; auth_basic_user_file ${dir}/htpasswd;` : '';
  if (options.auth)
    writeFileSync(join(dir, 'htpasswd'), `${options.auth.user}:{PLAIN}${options.auth.password}\n`);
  const corsLines = options.cors
    ? ''
    : `proxy_hide_header Access-Control-Allow-Origin; proxy_hide_header Access-Control-Allow-Methods;
       proxy_hide_header Access-Control-Allow-Headers; proxy_hide_header Access-Control-Allow-Credentials;
       proxy_hide_header Access-Control-Max-Age;
       if ($request_method = OPTIONS) { return 405; }`;
  const conf = `
user root;
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp; proxy_temp_path ${dir}/tmp; fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp; scgi_temp_path ${dir}/tmp;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  server {
    listen 127.0.0.1:${port};
    location / {
      ${authLines}
      ${corsLines}
      proxy_pass http://127.0.0.1:${options.upstreamPort};
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Authorization "";
    }
  }
}`;
  writeFileSync(join(dir, 'nginx.conf'), conf);
  const child: ChildProcess = spawn('/usr/sbin/nginx', ['-p', dir, '-c', join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => (stderr += String(d)));
  await waitForPort(
    port,
    () => child.exitCode !== null,
    () => stderr,
  );
  return {
    port,
    url: `http://127.0.0.1:${port}/`,
    wsUrl: `ws://127.0.0.1:${port}/`,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGQUIT');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function waitForPort(port: number, died: () => boolean, log: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (died()) throw new Error(`nginx exited: ${log()}`);
    try {
      await fetch(`http://127.0.0.1:${port}/`, { method: 'GET', signal: AbortSignal.timeout(500) });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`nginx did not listen on ${port}: ${log()}`);
}
