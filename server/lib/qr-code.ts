/**
 * A QR code encoder (ISO/IEC 18004, model 2): byte mode, error correction level M (15 % of the code may be
 * smudged or covered), versions 1 to 10, which hold up to 213 bytes, far more than a ticket code needs.
 * Written here because no QR library is installed; it follows the standard's steps in order: data
 * codewords, Reed–Solomon blocks interleaved, function patterns, zigzag placement, the mask with the
 * lowest penalty, format and version information.
 */

/** Error correction codewords per block and number of blocks at level M, by version (index 0 unused). */
const ECC_CODEWORDS_PER_BLOCK = [-1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26];
const ERROR_CORRECTION_BLOCKS = [-1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5];
const MAX_VERSION = 10;
/** Level M's two format bits (the standard orders the levels M, L, H, Q as 0, 1, 2, 3). */
const LEVEL_M_FORMAT_BITS = 0;

export type QrMatrix = {
  size: number;
  /** `isDark(x, y)` with x the column and y the row, both from the top-left corner. */
  isDark: (x: number, y: number) => boolean;
};

function bitAt(value: number, index: number): boolean {
  return ((value >>> index) & 1) !== 0;
}

/** Modules left for data and error correction once the function patterns are placed. */
function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const alignmentCount = Math.floor(version / 7) + 2;
    result -= (25 * alignmentCount - 10) * alignmentCount - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

function dataCodewords(version: number): number {
  return (
    Math.floor(rawDataModules(version) / 8) -
    (ECC_CODEWORDS_PER_BLOCK[version] ?? 0) * (ERROR_CORRECTION_BLOCKS[version] ?? 0)
  );
}

/** Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1. */
function multiply(x: number, y: number): number {
  let product = 0;
  for (let bit = 7; bit >= 0; bit -= 1) {
    product = (product << 1) ^ ((product >>> 7) * 0x11d);
    product ^= ((y >>> bit) & 1) * x;
  }
  return product & 0xff;
}

export function reedSolomonDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let step = 0; step < degree; step += 1) {
    for (let index = 0; index < result.length; index += 1) {
      result[index] = multiply(result[index]!, root);
      if (index + 1 < result.length) result[index]! ^= result[index + 1]!;
    }
    root = multiply(root, 0x02);
  }
  return result;
}

export function reedSolomonRemainder(data: number[], divisor: number[]): number[] {
  const result = divisor.map(() => 0);
  for (const byte of data) {
    const factor = byte ^ result.shift()!;
    result.push(0);
    divisor.forEach((coefficient, index) => {
      result[index]! ^= multiply(coefficient, factor);
    });
  }
  return result;
}

/** Splits the data into blocks, adds each block's error correction and interleaves them. */
function withErrorCorrection(data: number[], version: number): number[] {
  const blockCount = ERROR_CORRECTION_BLOCKS[version]!;
  const eccLength = ECC_CODEWORDS_PER_BLOCK[version]!;
  const rawCodewords = Math.floor(rawDataModules(version) / 8);
  const shortBlockCount = blockCount - (rawCodewords % blockCount);
  const shortBlockLength = Math.floor(rawCodewords / blockCount);
  const divisor = reedSolomonDivisor(eccLength);
  const blocks: number[][] = [];
  for (let index = 0, offset = 0; index < blockCount; index += 1) {
    const blockData = data.slice(offset, offset + shortBlockLength - eccLength + (index < shortBlockCount ? 0 : 1));
    offset += blockData.length;
    const ecc = reedSolomonRemainder(blockData, divisor);
    if (index < shortBlockCount) blockData.push(0);
    blocks.push([...blockData, ...ecc]);
  }
  const result: number[] = [];
  for (let column = 0; column < blocks[0]!.length; column += 1)
    blocks.forEach((block, index) => {
      // The padding byte of a short block is not sent.
      if (column !== shortBlockLength - eccLength || index >= shortBlockCount) result.push(block[column]!);
    });
  return result;
}

function alignmentPositions(version: number, size: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const result = [6];
  for (let position = size - 7; result.length < count; position -= step) result.splice(1, 0, position);
  return result;
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

class Grid {
  readonly modules: boolean[][];
  readonly isFunction: boolean[][];

  constructor(readonly size: number) {
    this.modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
    this.isFunction = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  }

  setFunction(x: number, y: number, isDark: boolean): void {
    this.modules[y]![x] = isDark;
    this.isFunction[y]![x] = true;
  }

  drawFinder(centerX: number, centerY: number): void {
    for (let dy = -4; dy <= 4; dy += 1)
      for (let dx = -4; dx <= 4; dx += 1) {
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        const x = centerX + dx;
        const y = centerY + dy;
        if (x >= 0 && x < this.size && y >= 0 && y < this.size)
          this.setFunction(x, y, distance !== 2 && distance !== 4);
      }
  }

  drawAlignment(centerX: number, centerY: number): void {
    for (let dy = -2; dy <= 2; dy += 1)
      for (let dx = -2; dx <= 2; dx += 1)
        this.setFunction(centerX + dx, centerY + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
  }

  drawFormat(mask: number): void {
    const data = (LEVEL_M_FORMAT_BITS << 3) | mask;
    let remainder = data;
    for (let step = 0; step < 10; step += 1) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
    const bits = ((data << 10) | remainder) ^ 0x5412;
    for (let index = 0; index <= 5; index += 1) this.setFunction(8, index, bitAt(bits, index));
    this.setFunction(8, 7, bitAt(bits, 6));
    this.setFunction(8, 8, bitAt(bits, 7));
    this.setFunction(7, 8, bitAt(bits, 8));
    for (let index = 9; index < 15; index += 1) this.setFunction(14 - index, 8, bitAt(bits, index));
    for (let index = 0; index < 8; index += 1) this.setFunction(this.size - 1 - index, 8, bitAt(bits, index));
    for (let index = 8; index < 15; index += 1) this.setFunction(8, this.size - 15 + index, bitAt(bits, index));
    this.setFunction(8, this.size - 8, true);
  }

  drawVersion(version: number): void {
    if (version < 7) return;
    let remainder = version;
    for (let step = 0; step < 12; step += 1) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
    const bits = (version << 12) | remainder;
    for (let index = 0; index < 18; index += 1) {
      const isDark = bitAt(bits, index);
      const far = this.size - 11 + (index % 3);
      const near = Math.floor(index / 3);
      this.setFunction(far, near, isDark);
      this.setFunction(near, far, isDark);
    }
  }

  drawFunctionPatterns(version: number): void {
    for (let index = 0; index < this.size; index += 1) {
      this.setFunction(6, index, index % 2 === 0);
      this.setFunction(index, 6, index % 2 === 0);
    }
    this.drawFinder(3, 3);
    this.drawFinder(this.size - 4, 3);
    this.drawFinder(3, this.size - 4);
    const positions = alignmentPositions(version, this.size);
    const last = positions.length - 1;
    positions.forEach((x, i) =>
      positions.forEach((y, j) => {
        // The three corners hold the finder patterns.
        if (!((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0))) this.drawAlignment(x, y);
      }),
    );
    // Reserves the format areas; the real bits are drawn once the mask is chosen.
    this.drawFormat(0);
    this.drawVersion(version);
  }

  /** Places the codewords in two-module columns, zigzagging up and down from the bottom right. */
  drawCodewords(codewords: number[]): void {
    let bitIndex = 0;
    for (let right = this.size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let vertical = 0; vertical < this.size; vertical += 1)
        for (let offset = 0; offset < 2; offset += 1) {
          const x = right - offset;
          const isUpward = ((right + 1) & 2) === 0;
          const y = isUpward ? this.size - 1 - vertical : vertical;
          if (!this.isFunction[y]![x] && bitIndex < codewords.length * 8) {
            this.modules[y]![x] = bitAt(codewords[bitIndex >>> 3]!, 7 - (bitIndex & 7));
            bitIndex += 1;
          }
        }
    }
  }

  applyMask(mask: number): void {
    const isInverted = MASKS[mask]!;
    for (let y = 0; y < this.size; y += 1)
      for (let x = 0; x < this.size; x += 1)
        if (!this.isFunction[y]![x] && isInverted(x, y)) this.modules[y]![x] = !this.modules[y]![x];
  }

  /** The standard's four penalty rules: long runs, 2×2 blocks, finder look-alikes and dark/light balance. */
  penalty(): number {
    let total = 0;
    const lines: boolean[][] = [];
    for (let index = 0; index < this.size; index += 1) {
      lines.push(this.modules[index]!);
      lines.push(this.modules.map((row) => row[index]!));
    }
    const finderLike = /(?:^|0000)1011101|1011101(?:0000|$)/g;
    for (const line of lines) {
      let runLength = 1;
      for (let index = 1; index <= line.length; index += 1) {
        if (index < line.length && line[index] === line[index - 1]) runLength += 1;
        else {
          if (runLength >= 5) total += runLength - 2;
          runLength = 1;
        }
      }
      const text = line.map((isDark) => (isDark ? '1' : '0')).join('');
      total += (text.match(finderLike)?.length ?? 0) * 40;
    }
    let dark = 0;
    for (let y = 0; y < this.size; y += 1)
      for (let x = 0; x < this.size; x += 1) {
        const colour = this.modules[y]![x];
        if (colour) dark += 1;
        if (
          x + 1 < this.size &&
          y + 1 < this.size &&
          colour === this.modules[y]![x + 1] &&
          colour === this.modules[y + 1]![x] &&
          colour === this.modules[y + 1]![x + 1]
        )
          total += 3;
      }
    const cells = this.size * this.size;
    total += (Math.ceil(Math.abs(dark * 20 - cells * 10) / cells) - 1) * 10;
    return total;
  }
}

/** Encodes text (as UTF-8 bytes) in the smallest version that holds it; throws past version 10. */
export function encodeQrCode(text: string): QrMatrix {
  const bytes = [...new TextEncoder().encode(text)];
  let version = 1;
  const bitsNeeded = (candidate: number) => 4 + (candidate <= 9 ? 8 : 16) + bytes.length * 8;
  while (version <= MAX_VERSION && bitsNeeded(version) > dataCodewords(version) * 8) version += 1;
  if (version > MAX_VERSION) throw new RangeError('Text too long for a QR code of version 10');
  const capacityBits = dataCodewords(version) * 8;
  const bits: number[] = [];
  const append = (value: number, length: number) => {
    for (let index = length - 1; index >= 0; index -= 1) bits.push((value >>> index) & 1);
  };
  append(0b0100, 4);
  append(bytes.length, version <= 9 ? 8 : 16);
  for (const byte of bytes) append(byte, 8);
  append(0, Math.min(4, capacityBits - bits.length));
  append(0, (8 - (bits.length % 8)) % 8);
  const codewords: number[] = [];
  for (let index = 0; index < bits.length; index += 8)
    codewords.push(bits.slice(index, index + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  for (let pad = 0xec; codewords.length < capacityBits / 8; pad ^= 0xec ^ 0x11) codewords.push(pad);

  const grid = new Grid(version * 4 + 17);
  grid.drawFunctionPatterns(version);
  grid.drawCodewords(withErrorCorrection(codewords, version));
  let bestMask = 0;
  let bestPenalty = Number.POSITIVE_INFINITY;
  for (let mask = 0; mask < MASKS.length; mask += 1) {
    grid.applyMask(mask);
    grid.drawFormat(mask);
    const penalty = grid.penalty();
    if (penalty < bestPenalty) {
      bestPenalty = penalty;
      bestMask = mask;
    }
    // Masking twice restores the modules.
    grid.applyMask(mask);
  }
  grid.applyMask(bestMask);
  grid.drawFormat(bestMask);
  return { size: grid.size, isDark: (x, y) => grid.modules[y]?.[x] === true };
}
