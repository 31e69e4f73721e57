import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { findImageUrlProblem } from './image-url';

const dottedQuad = (address: number) => [24, 16, 8, 0].map((shift) => (address >>> shift) & 255).join('.');

/** ipaddr.js's names for IPv4 blocks that are globally reachable (IANA special-purpose registry). */
const GLOBAL_RANGES = new Set(['unicast', 'as112', 'amt']);

/** The edges of every special block, where an off-by-one would hide: random addresses seldom land there. */
type SpecialRanges = Record<string, Array<[ipaddr.IPv4, number]> | [ipaddr.IPv4, number]>;
const EDGES = Object.values((ipaddr.IPv4.prototype as unknown as { SpecialRanges: SpecialRanges }).SpecialRanges)
  .flatMap((ranges) =>
    Array.isArray(ranges[0]) ? (ranges as Array<[ipaddr.IPv4, number]>) : [ranges as [ipaddr.IPv4, number]],
  )
  .flatMap(([base, bits]) => {
    const first = ipaddr.IPv4.networkAddressFromCIDR(`${base.toString()}/${bits}`)
      .toByteArray()
      .reduce((total, byte) => total * 256 + byte, 0);
    const last = first + 2 ** (32 - bits) - 1;
    return [first - 1, first, last, last + 1].filter((address) => address >= 0 && address < 2 ** 32);
  });
const addresses = fc.oneof(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.constantFrom(...EDGES));

describe('the imageUrl rule on IPv4 literals', () => {
  it('judges every spelling the URL parser accepts as it judges the dotted quad, and as ipaddr.js ranges it', () => {
    fc.assert(
      fc.property(addresses, (address) => {
        const quad = dottedQuad(address);
        const isGlobal = GLOBAL_RANGES.has(ipaddr.IPv4.parse(quad).range());
        const spellings = [
          quad,
          String(address),
          `0x${address.toString(16)}`,
          `${address >>> 24}.${address & 0xffffff}`,
          quad
            .split('.')
            .map((part) => `0x${Number(part).toString(16)}`)
            .join('.'),
          `${quad}.`,
        ];
        for (const spelling of spellings)
          expect(findImageUrlProblem(`https://${spelling}/a.png`) === null, spelling).toBe(isGlobal);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses an IPv4 address inside IPv6 (mapped or translated) whatever the address', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (address) => {
        const quad = dottedQuad(address);
        expect(findImageUrlProblem(`https://[::ffff:${quad}]/a.png`)).not.toBeNull();
        expect(findImageUrlProblem(`https://[64:ff9b::${quad}]/a.png`)).not.toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});
