// Browser tests use Debian's Chromium; it is installed from the distribution when missing.
import { existsSync } from 'node:fs';
import { run } from './run.mjs';

export const CHROMIUM = '/usr/bin/chromium';

export async function ensureChromium(log) {
  if (existsSync(CHROMIUM)) {
    return;
  }
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Chromium is missing. Install it with: sudo apt-get install -y --no-install-recommends chromium fonts-liberation`,
    );
  }
  log('installing Debian chromium for the browser tests…');
  await run('apt-get', ['update', '-qq']);
  await run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'fonts-liberation'], {
    env: { DEBIAN_FRONTEND: 'noninteractive' },
  });
}
