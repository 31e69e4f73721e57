// Renders web/public/og-image.png (1200×630, the default social preview) from og-image.svg.
// Run from the repository root after editing the SVG: node web/brand/render-og-image.mjs
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const svg = fileURLToPath(new URL('./og-image.svg', import.meta.url));
const out = fileURLToPath(new URL('../public/og-image.png', import.meta.url));
const info = await sharp(svg, { density: 72 }).resize(1200, 630).png({ compressionLevel: 9 }).toFile(out);
console.log(`${out}: ${info.width}×${info.height}, ${info.size} bytes`);
