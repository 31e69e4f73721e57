import sharp from 'sharp';
import { encodeQrCode, type QrMatrix } from './qr-code';

/** The light margin a reader needs around the code, in modules (the standard asks for four). */
const QUIET_ZONE = 4;

/** Dark modules as one path; dark on white whatever the page's theme, as scanners expect. */
export function qrCodeSvg(text: string): string {
  const matrix = encodeQrCode(text);
  const side = matrix.size + QUIET_ZONE * 2;
  let path = '';
  for (let y = 0; y < matrix.size; y += 1)
    for (let x = 0; x < matrix.size; x += 1)
      if (matrix.isDark(x, y)) path += `M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
    `<rect width="${side}" height="${side}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`
  );
}

function pixelsOf(matrix: QrMatrix, scale: number): { pixels: Buffer; side: number } {
  const side = (matrix.size + QUIET_ZONE * 2) * scale;
  const pixels = Buffer.alloc(side * side, 255);
  for (let y = 0; y < matrix.size; y += 1)
    for (let x = 0; x < matrix.size; x += 1) {
      if (!matrix.isDark(x, y)) continue;
      for (let row = 0; row < scale; row += 1) {
        const start = ((y + QUIET_ZONE) * scale + row) * side + (x + QUIET_ZONE) * scale;
        pixels.fill(0, start, start + scale);
      }
    }
  return { pixels, side };
}

/** A grey-scale PNG for mail, which cannot show SVG: `scale` pixels a module. */
export async function qrCodePng(text: string, scale = 8): Promise<Buffer> {
  const { pixels, side } = pixelsOf(encodeQrCode(text), scale);
  return sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
    .png({ palette: true, colours: 2, compressionLevel: 9 })
    .toBuffer();
}
