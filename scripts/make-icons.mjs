// Renders the app and tray icons from the SVGs below into resources/ (`npm run icons`), and the
// web UI's install icons into src-renderer/public/icons/. The PNGs are committed; electron-builder
// derives the .icns and .ico from resources/icon.png.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const OUT = path.join(ROOT, 'resources');
const WEB = path.join(ROOT, 'src-renderer/public/icons');

/** The hourglass: a moment that runs out, like everything Ephemera keeps. */
const GLASS =
  'M384 332 H640 C640 424 568 474 530 512 C568 550 640 600 640 692 H384 ' +
  'C384 600 456 550 494 512 C456 474 384 424 384 332 Z';

/** App icon: an indigo-to-teal rounded square (macOS grid: 824 of 1024) with a white glass. */
const APP_ICON = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024" viewBox="0 0 1024 1024">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#5b5bf0"/>
      <stop offset="1" stop-color="#19b8b0"/>
    </linearGradient>
    <linearGradient id="shine" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#ffffff" stop-opacity="0.18"/>
      <stop offset="0.5" stop-color="#ffffff" stop-opacity="0"/>
    </linearGradient>
  </defs>
  <rect x="100" y="100" width="824" height="824" rx="186" fill="url(#bg)"/>
  <rect x="100" y="100" width="824" height="824" rx="186" fill="url(#shine)"/>
  <rect x="344" y="284" width="336" height="44" rx="22" fill="#ffffff"/>
  <rect x="344" y="696" width="336" height="44" rx="22" fill="#ffffff"/>
  <path d="${GLASS}" fill="none" stroke="#ffffff" stroke-width="30" stroke-linejoin="round"/>
  <path d="M446 392 H578 C566 436 536 462 512 486 C488 462 458 436 446 392 Z" fill="#ffffff" fill-opacity="0.92"/>
  <path d="M512 512 V600" stroke="#ffffff" stroke-width="10" stroke-linecap="round"/>
  <path d="M418 664 C432 620 476 600 512 584 C548 600 592 620 606 664 Z" fill="#ffffff"/>
</svg>`;

/**
 * Maskable (Android adaptive icons, iOS home screen): the same art bleeding to every edge, since
 * the launcher cuts its own shape. The glass stays within the 40 % safe circle (≤ 283 of 410).
 */
const MASKABLE_ICON = APP_ICON.replace(
  /<rect x="100" y="100" width="824" height="824" rx="186"/g,
  '<rect x="0" y="0" width="1024" height="1024"',
);

/** Tray glyph on a 32-unit grid: heavier strokes so it still reads at 16 px. */
const trayGlyph = (color) => `
  <rect x="8" y="5" width="16" height="3" rx="1.5" fill="${color}"/>
  <rect x="8" y="24" width="16" height="3" rx="1.5" fill="${color}"/>
  <path d="M10 8 H22 C22 12.5 18.5 14.5 17 16 C18.5 17.5 22 19.5 22 24 H10 C10 19.5 13.5 17.5 15 16 C13.5 14.5 10 12.5 10 8 Z"
        fill="none" stroke="${color}" stroke-width="2" stroke-linejoin="round"/>
  <path d="M12 23 C12.8 20.6 14.6 19.6 16 19 C17.4 19.6 19.2 20.6 20 23 Z" fill="${color}"/>`;

/** Windows and Linux: the glyph in white on the app's colours, readable on any taskbar. */
const TRAY_COLOUR = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#5b5bf0"/>
      <stop offset="1" stop-color="#19b8b0"/>
    </linearGradient>
  </defs>
  <rect x="0" y="0" width="32" height="32" rx="7" fill="url(#bg)"/>
  ${trayGlyph('#ffffff')}
</svg>`;

/** macOS: black on transparent, named …Template so the menu bar recolours it. */
const TRAY_TEMPLATE = `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">
  ${trayGlyph('#000000')}
</svg>`;

function render(svg, size, file, dir = OUT) {
  const png = new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), png);
  process.stdout.write(`${path.relative(ROOT, path.join(dir, file))} (${size}×${size})\n`);
}

fs.writeFileSync(path.join(OUT, 'icon.svg'), `${APP_ICON}\n`);
render(APP_ICON, 1024, 'icon.png');
render(APP_ICON, 256, 'icon-256.png');
render(TRAY_COLOUR, 16, 'tray/tray.png');
render(TRAY_COLOUR, 32, 'tray/tray@2x.png');
render(TRAY_COLOUR, 32, 'tray/tray-linux.png');
render(TRAY_TEMPLATE, 16, 'tray/trayTemplate.png');
render(TRAY_TEMPLATE, 32, 'tray/trayTemplate@2x.png');
render(APP_ICON, 192, 'icon-192.png', WEB);
render(APP_ICON, 512, 'icon-512.png', WEB);
render(MASKABLE_ICON, 512, 'maskable-512.png', WEB);
render(MASKABLE_ICON, 180, 'apple-touch-icon.png', WEB);
