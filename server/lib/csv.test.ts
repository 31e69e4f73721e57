import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

/** Reads one CSV row of always-quoted cells back, as RFC 4180 defines them. */
function readRow(line: string): string[] {
  return [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((match) => match[1]!.replace(/""/g, '"'));
}

describe('toCsv', () => {
  it('quotes every cell, doubles quotes inside and ends every line with CRLF', () => {
    expect(toCsv(['Name', 'Hours'], [['Ann "Nan" Lee', 2.5]])).toBe('"Name","Hours"\r\n"Ann ""Nan"" Lee","2.5"\r\n');
  });

  it('writes nothing as an empty cell and yes/no as the words true/false', () => {
    expect(toCsv(['a', 'b', 'c'], [[null, true, false]])).toBe('"a","b","c"\r\n"","true","false"\r\n');
  });

  it('keeps a comma, a semicolon and a line break inside their cell', () => {
    expect(toCsv(['x'], [['one, two;\r\nthree']])).toBe('"x"\r\n"one, two;\r\nthree"\r\n');
  });

  it.each(['=1+1', '+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1', '=HYPERLINK("http://x")'])(
    'makes text a spreadsheet would run as a formula inert: %j',
    (text) => {
      const [, row] = toCsv(['x'], [[text]]).split('\r\n');
      expect(readRow(row!)).toEqual([`'${text}`]);
    },
  );

  it('leaves numbers alone, negative ones too, and text that only contains a formula sign', () => {
    expect(toCsv(['x', 'y'], [[-2, 'Ann=1+1']])).toBe('"x","y"\r\n"-2","Ann=1+1"\r\n');
  });

  it('gives back every text cell as written (a formula sign first: with a quote before it)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string().filter((text) => !/[\r\n]/.test(text)),
          { minLength: 1, maxLength: 6 },
        ),
        (cells) => {
          const [, row] = toCsv(
            cells.map(() => 'h'),
            [cells],
          ).split('\r\n');
          expect(readRow(row!)).toEqual(cells.map((text) => (/^[=+\-@\t]/.test(text) ? `'${text}` : text)));
        },
      ),
    );
  });
});
