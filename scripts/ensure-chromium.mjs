// Installs Debian's Chromium for the browser tests when it is missing (the machines run as root).
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const chromiumPath = '/usr/bin/chromium';

if (!existsSync(chromiumPath)) {
  console.log('[ensure-chromium] /usr/bin/chromium missing: installing Debian chromium');
  const sudo = process.getuid && process.getuid() !== 0 ? 'sudo ' : '';
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, {
    stdio: 'inherit',
  });
}
