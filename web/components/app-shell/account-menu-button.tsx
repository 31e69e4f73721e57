import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { useCurrentUser } from './use-current-user';
import { displayName, PersonAvatar } from '@/components/people/person-avatar';

/**
 * The avatar button that opens the account menu. Shared by the light placeholder in the header and the
 * real Radix menu (which passes its props and ref through), so both render the same element.
 */
export function AccountMenuButton({ className, ...props }: ComponentProps<'button'>) {
  const { t } = useTranslation('shell');
  const { user } = useCurrentUser();
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={cn(
        'ms-0.5 inline-flex rounded-full focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        className,
      )}
      aria-label={t('shell:header.account', { name: displayName(user) })}
      data-testid="header-avatar"
      {...props}
    >
      <PersonAvatar person={user} />
    </button>
  );
}
