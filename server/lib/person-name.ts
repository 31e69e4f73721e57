/** A person's name as a spreadsheet shows it: first and last name, or `Unknown` for a person without one. */
export function personName(person: { firstName: string | null; lastName: string | null }): string {
  return (
    [person.firstName, person.lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ') || 'Unknown'
  );
}
