import { describe, expect, it } from 'vitest';
import { encodeQrCode, reedSolomonDivisor, reedSolomonRemainder, type QrMatrix } from './qr-code';
import { qrCodePng, qrCodeSvg } from './qr-code-image';
import sharp from 'sharp';

/** The format information read back from around the top-left finder, unmasked (0x5412). */
function readFormat(matrix: QrMatrix): number {
  const cells: Array<[number, number]> = [
    ...[0, 1, 2, 3, 4, 5].map((y): [number, number] => [8, y]),
    [8, 7],
    [8, 8],
    [7, 8],
    ...[9, 10, 11, 12, 13, 14].map((index): [number, number] => [14 - index, 8]),
  ];
  return cells.reduce((bits, [x, y], index) => bits | (matrix.isDark(x, y) ? 1 << index : 0), 0) ^ 0x5412;
}

const MASKS: Array<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/**
 * Reads a version 2 or 3 symbol (one block, one alignment pattern) back: unmasks, walks the zigzag and
 * returns the codewords, so the test checks placement and error correction, not only the drawing.
 */
function readCodewords(matrix: QrMatrix, mask: number): number[] {
  const size = matrix.size;
  const isFunction = (x: number, y: number) => {
    if (x === 6 || y === 6) return true;
    if ((x <= 8 && y <= 8) || (x >= size - 8 && y <= 8) || (x <= 8 && y >= size - 8)) return true;
    const alignment = size - 7;
    return Math.abs(x - alignment) <= 2 && Math.abs(y - alignment) <= 2;
  };
  const bits: number[] = [];
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vertical = 0; vertical < size; vertical += 1)
      for (let offset = 0; offset < 2; offset += 1) {
        const x = right - offset;
        const y = ((right + 1) & 2) === 0 ? size - 1 - vertical : vertical;
        if (!isFunction(x, y)) bits.push(matrix.isDark(x, y) !== MASKS[mask]!(x, y) ? 1 : 0);
      }
  }
  const codewords: number[] = [];
  for (let index = 0; index + 8 <= bits.length; index += 8)
    codewords.push(bits.slice(index, index + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  return codewords;
}

describe('encodeQrCode', () => {
  it("computes the standard's worked Reed–Solomon example (HELLO WORLD, 1-M)", () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(reedSolomonRemainder(data, reedSolomonDivisor(10))).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('puts a ticket code in a version 3 symbol at level M that reads back whole', () => {
    const code = '3f9c2a7be1d04c55a0e6b8f1d2c3a4b5';
    const matrix = encodeQrCode(code);
    expect(matrix.size).toBe(29);
    // Finder patterns: a dark 7×7 ring with a dark 3×3 centre, in three corners.
    for (const [left, top] of [
      [0, 0],
      [22, 0],
      [0, 22],
    ] as const) {
      expect(matrix.isDark(left, top) && matrix.isDark(left + 6, top + 6) && matrix.isDark(left + 3, top + 3)).toBe(
        true,
      );
      expect(matrix.isDark(left + 1, top + 1)).toBe(false);
    }
    const format = readFormat(matrix);
    expect(format >>> 13).toBe(0);
    const mask = (format >>> 10) & 7;
    const codewords = readCodewords(matrix, mask);
    // Version 3-M: 44 data codewords and 26 of error correction in one block.
    expect(codewords.length).toBeGreaterThanOrEqual(70);
    const block = codewords.slice(0, 70);
    expect(reedSolomonRemainder(block.slice(0, 44), reedSolomonDivisor(26))).toEqual(block.slice(44));
    expect(block[0]! >>> 4).toBe(0b0100);
    const length = ((block[0]! & 0xf) << 4) | (block[1]! >>> 4);
    expect(length).toBe(32);
    const bytes = Array.from({ length }, (_, index) => ((block[index + 1]! & 0xf) << 4) | (block[index + 2]! >>> 4));
    expect(String.fromCharCode(...bytes)).toBe(code);
  });

  it('grows with the text and refuses text past version 10', () => {
    expect(encodeQrCode('a').size).toBe(21);
    expect(encodeQrCode('a'.repeat(100)).size).toBe(4 * 6 + 17);
    expect(() => encodeQrCode('a'.repeat(300))).toThrow(RangeError);
  });

  it('draws as SVG and as a PNG with a quiet zone of four modules', async () => {
    const svg = qrCodeSvg('3f9c2a7be1d04c55a0e6b8f1d2c3a4b5');
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 37 37"/);
    const png = await qrCodePng('3f9c2a7be1d04c55a0e6b8f1d2c3a4b5', 6);
    const metadata = await sharp(png).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 37 * 6, 37 * 6]);
  });
});
