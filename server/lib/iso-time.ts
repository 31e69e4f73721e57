/** A database time as the contract's ISO 8601 string: drivers hand back a Date, raw SQL rows a string. */
export function toIso(value: Date | string): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
