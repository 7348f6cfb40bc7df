// Renders the install icons in public/icons from the logo in public/favicon.svg (the heart on the
// brand square). Run it again after changing the logo: `node apps/web/scripts/render-app-icons.mjs`.
// The PNGs are committed, so building the app needs no image library.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const publicDir = join(import.meta.dirname, '..', 'public');
const logo = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
const brand = /<rect[^>]*fill="([^"]+)"/.exec(logo)?.[1];
const heart = /<path[^>]*\/>/.exec(logo)?.[0];
if (!brand || !heart) {
  throw new Error('favicon.svg no longer has the brand square and the heart path this script expects.');
}

/**
 * The logo on a full square of the brand colour, the heart scaled by `scale` about the centre:
 * maskable icons are cropped by the platform (a circle keeps only the middle 80 %) and iOS rounds
 * the apple-touch-icon's corners itself, so neither may bring its own rounded corners.
 */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${brand}"/>` +
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -18.2)">${heart}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: logo },
  { file: 'icon-512.png', size: 512, svg: logo },
  // The heart stays inside the maskable safe zone (the centre circle of 40 % radius).
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(1.2) },
  { file: 'apple-touch-icon-180.png', size: 180, svg: fullBleed(1.4) },
];

mkdirSync(join(publicDir, 'icons'), { recursive: true });
for (const { file, size, svg } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(publicDir, 'icons', file));
}
