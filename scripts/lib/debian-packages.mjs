// Debian packages the stack needs from the distribution: Chromium (and its fonts) for the browser
// tests, ffmpeg for the worker's video processing, nginx for the scaled-out stack's load balancer.
// Installed only when missing, with one `apt-get update` for whatever is missing; without root it
// says exactly what to run.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { run } from './run.mjs';

export const CHROMIUM = '/usr/bin/chromium';
export const NGINX = '/usr/sbin/nginx';

/** Each need: a file that proves it is installed, and the packages that provide it. */
export const BROWSER_PACKAGES = [{ probe: CHROMIUM, packages: ['chromium', 'fonts-liberation'] }];
export const MEDIA_PACKAGES = [
  { probe: '/usr/bin/ffmpeg', packages: ['ffmpeg'] },
  { probe: '/usr/bin/ffprobe', packages: ['ffmpeg'] },
];
export const LOAD_BALANCER_PACKAGES = [{ probe: NGINX, packages: ['nginx'] }];

/**
 * Debian starts a package's service on install (nginx would take port 80). A policy-rc.d that
 * answers 101 ("action forbidden") while installing keeps every service down; one already there,
 * as in Docker images, is left alone.
 */
const POLICY_RC = '/usr/sbin/policy-rc.d';

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
  const ownPolicy = !existsSync(POLICY_RC);
  if (ownPolicy) {
    writeFileSync(POLICY_RC, '#!/bin/sh\nexit 101\n', { mode: 0o755 });
  }
  try {
    await run('apt-get', ['update', '-qq']);
    await run('apt-get', install, { env: { DEBIAN_FRONTEND: 'noninteractive' } });
  } finally {
    if (ownPolicy) {
      rmSync(POLICY_RC, { force: true });
    }
  }
}
