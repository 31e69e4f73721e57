import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

type AvatarPerson = {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  profileImageUrl?: string | null;
};

/**
 * First letter of firstName, else of email, else 'U'. The one rule of every avatar (header,
 * cards, the event page, reviews, messages, profile). Array.from splits by code point, so a name
 * starting with an emoji or a CJK supplement character is not cut in half.
 */
export function avatarInitial(person: AvatarPerson | null | undefined): string {
  const source = person?.firstName?.trim() || person?.email?.trim() || 'U';
  return Array.from(source)[0]?.toUpperCase() ?? 'U';
}

/** First and last name, else the e-mail. */
export function displayName(person: AvatarPerson | null | undefined): string {
  const name = [person?.firstName?.trim(), person?.lastName?.trim()].filter(Boolean).join(' ');
  return name || person?.email?.trim() || '';
}

/**
 * The person's picture, else their initial. Decorative by default (the name is always next to it or
 * in the control's label), so screen readers do not read a lone letter.
 */
export function UserAvatar({
  person,
  className,
  fallbackClassName,
  title,
  initialTestId = 'user-avatar-initial',
}: {
  person: AvatarPerson | null | undefined;
  className?: string;
  fallbackClassName?: string;
  title?: string;
  initialTestId?: string;
}) {
  return (
    <Avatar className={cn('size-9', className)} aria-hidden title={title} data-testid="user-avatar">
      {person?.profileImageUrl ? <AvatarImage src={person.profileImageUrl} alt="" /> : null}
      <AvatarFallback
        className={cn('bg-gradient-to-br from-brand-from to-brand-to font-semibold text-white', fallbackClassName)}
        data-testid={initialTestId}
      >
        {avatarInitial(person)}
      </AvatarFallback>
    </Avatar>
  );
}
