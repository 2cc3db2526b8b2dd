// Installs the Debian packages the tests drive when they are missing: Chromium (browser tests) and nginx
// (basic-auth and no-CORS reverse proxies in front of real nodes). The machines run as root.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const wanted = [
  { bin: '/usr/bin/chromium', pkg: 'chromium' },
  { bin: '/usr/sbin/nginx', pkg: 'nginx-light' },
];

const missing = wanted.filter((w) => !existsSync(w.bin)).map((w) => w.pkg);
if (missing.length) {
  console.log(`[ensure-system-packages] installing Debian packages: ${missing.join(' ')}`);
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  execSync(
    `${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
    { stdio: 'inherit' },
  );
}
