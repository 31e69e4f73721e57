import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { displayName, PersonAvatar, tintFor } from '@/components/people/person-avatar';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

type RowPerson = { id: string; firstName: string | null; lastName: string | null; profileImageUrl: string | null };

/**
 * One person on the Friends screen: picture, name (to their page), the lines that say why they are
 * here, and the row's buttons. Names are the person's own words, in any script: `dir="auto"`.
 */
export function PersonRow({
  person,
  lines,
  actions,
  testId,
  fallbackName,
}: {
  person: RowPerson;
  lines: ReactNode;
  actions: ReactNode;
  testId: string;
  fallbackName: string;
}) {
  const name = displayName(person) || fallbackName;
  return (
    <Card className="flex flex-wrap items-center gap-3 p-4" data-testid={testId}>
      <PersonAvatar
        person={person}
        letters="initials"
        tint={cn('text-base', tintFor(person.id))}
        frameClassName=""
        className="size-12"
      />
      <div className="min-w-0 flex-1 basis-40">
        <Link
          href={`/friends/${encodeURIComponent(person.id)}`}
          className="block truncate font-semibold underline-offset-2 hover:underline"
          dir="auto"
          data-testid="person-name"
        >
          {name}
        </Link>
        <div className="text-sm text-muted-foreground">{lines}</div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>
    </Card>
  );
}
