import { useState, type ComponentProps, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Loader2, UserCheck, UserPlus, WifiOff } from 'lucide-react';
import type { RsvpStatus } from '@contract/rsvps';
import { Button } from '@/components/ui/button';
import { useIsOnline } from '@/lib/use-is-online';
import { useLazyModule } from '@/lib/use-lazy-module';
import { cn } from '@/lib/utils';
import { useRsvp } from '../api/use-rsvp';

const loadRsvpMenu = () => import('./rsvp-menu');

export interface RsvpControlProps {
  eventId: number;
  userRsvpStatus: RsvpStatus | null;
  /** rsvpCount >= maxAttendees; an event without a maximum is never full (docs/decisions/0004). */
  isFull: boolean;
  className?: string;
}

// The control lives inside clickable event cards: keep its clicks and keys from reaching the card.
function stop(event: MouseEvent | KeyboardEvent) {
  event.stopPropagation();
}

/**
 * The RSVP control: a menu of the three statuses with the current one ticked. 'Event Full'
 * disables it only for someone without an RSVP: the server lets an existing RSVP switch status on a
 * full event, so we do too.
 *
 * Until first opened, the control is only its button, marked up as the Radix trigger renders it; the
 * menu (rsvp-menu.tsx) loads when the pointer or focus reaches the button and opens on click, Enter,
 * Space or ArrowDown. From then on Radix drives it.
 */
export function RsvpControl({ eventId, userRsvpStatus, isFull, className }: RsvpControlProps) {
  const { t } = useTranslation('event-detail');
  const rsvp = useRsvp(eventId);
  const hasRsvp = userRsvpStatus !== null;
  const isBlocked = isFull && !hasRsvp;
  const isPending = rsvp.isPending;
  const [isOpen, setIsOpen] = useState(false);
  // How the menu was first opened: it loads then ('none' until that happens).
  const [menu, setMenu] = useState<'none' | 'pointer' | 'keyboard'>('none');
  const menuModule = useLazyModule(loadRsvpMenu, menu !== 'none');
  // Offline an RSVP cannot be sent (nor the menu's code loaded): the button says so, disabled, instead
  // of opening a menu whose choice would fail. One already in flight finishes or fails with its toast.
  const isOffline = !useIsOnline() && !isPending;

  const label = isPending
    ? '...'
    : isOffline
      ? t('shell:offline.rsvp')
      : isBlocked
        ? t('rsvp.full')
        : hasRsvp
          ? t('rsvp.done')
          : t('rsvp.cta');
  // The name starts with the visible words (WCAG 2.5.3) and adds the current status for screen readers.
  const accessibleLabel = isOffline
    ? t('shell:offline.rsvpReason')
    : hasRsvp && !isPending
      ? `${label} (${t(`rsvp.status.${userRsvpStatus}.label`)})`
      : undefined;

  // While pending the trigger stays focusable (aria-disabled, not disabled): a real disabled button
  // would drop keyboard focus to the page just after a choice.
  const buttonProps = {
    type: 'button',
    size: 'sm',
    variant: hasRsvp ? 'secondary' : 'default',
    'aria-label': accessibleLabel,
    'aria-busy': isPending || undefined,
    'aria-disabled': isPending || undefined,
    className: cn(
      'min-w-[100px]',
      isPending && 'cursor-progress opacity-80',
      hasRsvp &&
        'border border-emerald-600/30 bg-emerald-50 text-emerald-800 hover:bg-emerald-100 dark:border-emerald-400/30 dark:bg-emerald-950 dark:text-emerald-200 dark:hover:bg-emerald-900',
    ),
  } satisfies ComponentProps<typeof Button>;
  const buttonContent = (
    <>
      {isPending ? (
        <Loader2 className="animate-spin" aria-hidden />
      ) : isOffline ? (
        <WifiOff aria-hidden />
      ) : hasRsvp ? (
        <UserCheck aria-hidden />
      ) : isBlocked ? null : (
        <UserPlus aria-hidden />
      )}
      <span>{label}</span>
      {!isBlocked && !isPending && !isOffline && <ChevronDown className="opacity-70" aria-hidden />}
    </>
  );

  const openFirstTime = (how: 'pointer' | 'keyboard') => {
    if (isBlocked || isPending || isOffline) return;
    setMenu(how);
    setIsOpen(true);
  };
  // Marked up as the Radix trigger renders the button while closed.
  const placeholder = (
    <Button
      {...buttonProps}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      disabled={isBlocked || isOffline}
      data-disabled={isBlocked || isOffline ? '' : undefined}
      title={isOffline ? accessibleLabel : undefined}
      data-testid={isOffline ? 'rsvp-offline' : undefined}
      onPointerEnter={() => void loadRsvpMenu()}
      onFocus={() => void loadRsvpMenu()}
      // A click with no pointer behind it (detail 0) is Enter or Space on the button.
      onClick={(event) => openFirstTime(event.detail === 0 ? 'keyboard' : 'pointer')}
      onKeyDown={(event) => {
        if (event.key !== 'ArrowDown') return;
        event.preventDefault();
        openFirstTime('keyboard');
      }}
    >
      {buttonContent}
    </Button>
  );

  return (
    <div className={cn('inline-flex', className)} onClick={stop} onKeyDown={stop}>
      {menuModule && !isOffline ? (
        <menuModule.default
          trigger={<Button {...buttonProps}>{buttonContent}</Button>}
          isBlocked={isBlocked}
          open={isOpen}
          onOpenChange={(next) => setIsOpen(next && !isPending)}
          isOpenedWithKeyboard={menu === 'keyboard'}
          userRsvpStatus={userRsvpStatus}
          onChoose={(status) => rsvp.mutate(status)}
          onContentClick={stop}
        />
      ) : (
        placeholder
      )}
    </div>
  );
}
