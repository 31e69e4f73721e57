/** Catalogue names and descriptions come from the server in English; the journey namespace translates them. */
export function achievementTextKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
}
