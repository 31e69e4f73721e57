import type { ComponentProps, ReactNode } from 'react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

type AvatarPerson = {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  profileImageUrl?: string | null;
};

/**
 * First letter of firstName, else of email, else 'U'. The one rule of every one-letter avatar (header,
 * cards, the event page, reviews, messages, profile, attendees). Array.from splits by code point, so a
 * name starting with an emoji or a CJK supplement character is not cut in half.
 */
export function avatarInitial(person: AvatarPerson | null | undefined): string {
  const source = person?.firstName?.trim() || person?.email?.trim() || 'U';
  return Array.from(source)[0]?.toUpperCase() ?? 'U';
}

/** The first letters of the first and last names, else 'U' (chat and friends). */
function avatarInitials(person: AvatarPerson | null | undefined): string {
  return `${person?.firstName?.charAt(0) ?? ''}${person?.lastName?.charAt(0) ?? ''}`.toUpperCase() || 'U';
}

/** First and last name, else the e-mail. */
export function displayName(person: AvatarPerson | null | undefined): string {
  const name = [person?.firstName?.trim(), person?.lastName?.trim()].filter(Boolean).join(' ');
  return name || person?.email?.trim() || '';
}

// Tinted initials (not white on a saturated colour) keep AA contrast in both themes.
const TINTS = [
  'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
  'bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200',
  'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  'bg-rose-100 text-rose-900 dark:bg-rose-400/15 dark:text-rose-200',
  'bg-violet-100 text-violet-900 dark:bg-violet-400/15 dark:text-violet-200',
  'bg-teal-100 text-teal-900 dark:bg-teal-400/15 dark:text-teal-200',
];

/** A tint picked from `seed` (a conversation's or person's id), so each keeps its colour. */
export function tintFor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return TINTS[Math.abs(hash) % TINTS.length] ?? TINTS[0]!;
}

/**
 * The app's one avatar: the person's picture, else their letters. Without `tint` it is the brand's:
 * white initial on the brand gradient, decorative (the name is always next to it or in the control's
 * label, so screen readers do not read a lone letter), found by tests as `user-avatar`. With `tint`
 * (the fallback's colour classes) it shows `letters` on that tint. `frameClassName` wraps it in a span
 * that holds what sits over its edge (`children`, such as a presence dot).
 */
export function PersonAvatar({
  person,
  letters = 'initial',
  tint,
  className,
  fallbackClassName,
  frameClassName,
  initialTestId = 'user-avatar-initial',
  children,
  ...rootProps
}: ComponentProps<typeof Avatar> & {
  person: AvatarPerson | null | undefined;
  letters?: 'initial' | 'initials';
  tint?: string;
  fallbackClassName?: string;
  frameClassName?: string;
  initialTestId?: string;
  children?: ReactNode;
}) {
  const isBrand = tint === undefined;
  const avatar = (
    <Avatar
      className={isBrand ? cn('size-9', className) : className}
      {...(isBrand && { 'aria-hidden': true, 'data-testid': 'user-avatar' })}
      {...rootProps}
    >
      {person?.profileImageUrl ? <AvatarImage src={person.profileImageUrl} alt="" /> : null}
      <AvatarFallback
        className={
          isBrand
            ? cn('bg-gradient-to-br from-brand-from to-brand-to font-semibold text-white', fallbackClassName)
            : tint
        }
        data-testid={isBrand ? initialTestId : undefined}
      >
        {letters === 'initials' ? avatarInitials(person) : avatarInitial(person)}
      </AvatarFallback>
    </Avatar>
  );
  if (frameClassName === undefined) return avatar;
  return (
    <span className={cn('relative inline-flex shrink-0', frameClassName)}>
      {avatar}
      {children}
    </span>
  );
}
