// Renders web/public/og-image.png (1200×630, the default social preview) from og-image.svg, and
// web/public/apple-touch-icon.png from favicon.svg.
// Run from the repository root after editing the SVG: node web/brand/render-og-image.mjs
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const svg = fileURLToPath(new URL('./og-image.svg', import.meta.url));
const out = fileURLToPath(new URL('../public/og-image.png', import.meta.url));
const info = await sharp(svg, { density: 72 }).resize(1200, 630).png({ compressionLevel: 9 }).toFile(out);
console.log(`${out}: ${info.width}×${info.height}, ${info.size} bytes`);

// iOS home-screen icon: the same mark as favicon.svg on an opaque square (iOS ignores transparency).
const mark = fileURLToPath(new URL('../public/favicon.svg', import.meta.url));
const touch = fileURLToPath(new URL('../public/apple-touch-icon.png', import.meta.url));
await sharp(mark, { density: 288 }).resize(180, 180).flatten({ background: '#059669' }).png().toFile(touch);
console.log(`${touch}: 180×180`);
