import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { qrCodePng, qrCodeSvg } from './qr-code-image';

/** Reads a QR code back from an image with an independent decoder, as a phone at the door would. */
async function decode(image: Buffer): Promise<string | null> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

// A ticket code (32 hex digits), a short text, and one long enough to need a larger version.
const TEXTS = ['0123456789abcdef0123456789abcdef', 'PitchIn', 'https://pitchin.example/events/42?x='.padEnd(150, 'y')];

describe('QR code images', () => {
  it.each(TEXTS)('the mail PNG reads back as the text it carries (%s)', async (text) => {
    const png = await qrCodePng(text);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(await decode(png)).toBe(text);
  });

  it('the SVG, drawn as a browser would, reads back, dark on white with a quiet zone', async () => {
    const code = 'fedcba9876543210fedcba9876543210';
    const svg = await qrCodeSvg(code);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('#ffffff');
    expect(await decode(await sharp(Buffer.from(svg), { density: 300 }).png().toBuffer())).toBe(code);
  });

  it('a scale gives a larger image of the same code', async () => {
    const small = await sharp(await qrCodePng('PitchIn', 4)).metadata();
    const large = await sharp(await qrCodePng('PitchIn', 8)).metadata();
    expect(large.width).toBe(small.width! * 2);
  });
});
