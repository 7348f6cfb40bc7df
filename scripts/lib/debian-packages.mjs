// Debian packages the stack needs from the distribution: Chromium (and its fonts) for the browser
// tests, ffmpeg for the worker's video processing. Installed only when missing, with one
// `apt-get update` for whatever is missing; without root it says exactly what to run.
import { existsSync } from 'node:fs';
import { run } from './run.mjs';

export const CHROMIUM = '/usr/bin/chromium';

/** Each need: a file that proves it is installed, and the packages that provide it. */
export const BROWSER_PACKAGES = [{ probe: CHROMIUM, packages: ['chromium', 'fonts-liberation'] }];
export const MEDIA_PACKAGES = [
  { probe: '/usr/bin/ffmpeg', packages: ['ffmpeg'] },
  { probe: '/usr/bin/ffprobe', packages: ['ffmpeg'] },
];

export async function ensureDebianPackages(needs, log) {
  const missing = [
    ...new Set(needs.filter((need) => !existsSync(need.probe)).flatMap((need) => need.packages)),
  ];
  if (missing.length === 0) {
    return;
  }
  const install = ['install', '-y', '-qq', '--no-install-recommends', ...missing];
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Missing Debian packages: ${missing.join(' ')}. Install them with: sudo apt-get update && sudo apt-get ${install.join(' ')}`,
    );
  }
  log(`installing Debian packages: ${missing.join(' ')}…`);
  await run('apt-get', ['update', '-qq']);
  await run('apt-get', install, { env: { DEBIAN_FRONTEND: 'noninteractive' } });
}
