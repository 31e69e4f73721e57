/**
 * Search matches words of any language with accents folded. Folding happens here, in
 * one place, for both the stored tsvector text and the query words, so no database extension is needed.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Words of a search box, folded, at most 8, each a prefix match: 'clean' finds 'Cleanup'. */
export function searchWords(search: string): string[] {
  const words = foldForSearch(search).split(' ').filter(Boolean);
  return [...new Set(words)].slice(0, 8);
}

/** A to_tsquery text with every word required and matched as a prefix; words are [\p{L}\p{N}] only. */
export function toPrefixQuery(words: string[]): string {
  return words.map((word) => `${word}:*`).join(' & ');
}

/** The text behind search_vector: title, description, category name and location, accent-folded (decisions §21). */
export function searchTextOf(event: {
  title: string;
  description: string;
  categoryName: string;
  location: string;
}): string {
  return foldForSearch(`${event.title} ${event.description} ${event.categoryName} ${event.location}`);
}
