import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown, Loader2, UserCheck, UserPlus } from 'lucide-react';
import { RSVP_STATUSES, type RsvpStatus } from '@contract/rsvps';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { useRsvp } from './use-rsvp';

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

function isRsvpStatus(value: string): value is RsvpStatus {
  return (RSVP_STATUSES as readonly string[]).includes(value);
}

/**
 * Spec §2 RSVP control: a menu of the three statuses with the current one ticked. 'Event Full'
 * disables it only for someone without an RSVP: the server lets an existing RSVP switch status on a
 * full event (decisions §4), so we do too.
 */
export function RsvpControl({ eventId, userRsvpStatus, isFull, className }: RsvpControlProps) {
  const { t } = useTranslation('event-detail');
  const rsvp = useRsvp(eventId);
  const hasRsvp = userRsvpStatus !== null;
  const isBlocked = isFull && !hasRsvp;
  const isPending = rsvp.isPending;
  const [isOpen, setIsOpen] = useState(false);

  const label = isPending ? '...' : isBlocked ? t('rsvp.full') : hasRsvp ? t('rsvp.done') : t('rsvp.cta');
  // The name starts with the visible words (WCAG 2.5.3) and adds the current status for screen readers.
  const accessibleLabel = hasRsvp && !isPending ? `${label} (${t(`rsvp.status.${userRsvpStatus}.label`)})` : undefined;

  return (
    <div className={cn('inline-flex', className)} onClick={stop} onKeyDown={stop}>
      <DropdownMenu open={isOpen} onOpenChange={(next) => setIsOpen(next && !isPending)}>
        {/* While pending the trigger stays focusable (aria-disabled, not disabled): a real disabled
            button would drop keyboard focus to the page just after a choice. */}
        <DropdownMenuTrigger asChild disabled={isBlocked}>
          <Button
            type="button"
            size="sm"
            variant={hasRsvp ? 'secondary' : 'default'}
            aria-label={accessibleLabel}
            aria-busy={isPending || undefined}
            aria-disabled={isPending || undefined}
            className={cn(
              'min-w-[100px]',
              isPending && 'cursor-progress opacity-80',
              hasRsvp && 'border border-emerald-600/30 bg-emerald-50 text-emerald-800 hover:bg-emerald-100 dark:border-emerald-400/30 dark:bg-emerald-950 dark:text-emerald-200 dark:hover:bg-emerald-900',
            )}
          >
            {isPending ? (
              <Loader2 className="animate-spin" aria-hidden />
            ) : hasRsvp ? (
              <UserCheck aria-hidden />
            ) : isBlocked ? null : (
              <UserPlus aria-hidden />
            )}
            <span>{label}</span>
            {!isBlocked && !isPending && <ChevronDown className="opacity-70" aria-hidden />}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-[max(16rem,var(--radix-dropdown-menu-trigger-width))]" onClick={stop}>
          <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">{t('rsvp.menuLabel')}</DropdownMenuLabel>
          <DropdownMenuRadioGroup
            value={userRsvpStatus ?? ''}
            onValueChange={(value) => {
              if (isRsvpStatus(value) && value !== userRsvpStatus) rsvp.mutate(value);
            }}
          >
            {RSVP_STATUSES.map((status) => (
              <DropdownMenuRadioItem key={status} value={status} className="items-start py-2" data-testid={`rsvp-option-${status}`}>
                <span className="flex flex-col gap-0.5">
                  <span className="font-medium">{t(`rsvp.status.${status}.label`)}</span>
                  <span className="text-xs text-muted-foreground">{t(`rsvp.status.${status}.description`)}</span>
                </span>
              </DropdownMenuRadioItem>
            ))}
          </DropdownMenuRadioGroup>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}
