// Debian's Chromium as every browser run here launches it (the e2e's Playwright, bench:web's
// Lighthouse): headless, and calling nowhere home. Never a downloaded browser.
'use strict';

const CHROMIUM_PATH = '/usr/bin/chromium';

const CHROMIUM_FLAGS = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

module.exports = { CHROMIUM_PATH, CHROMIUM_FLAGS };
