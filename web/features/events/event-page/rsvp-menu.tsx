import type { MouseEvent, ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { RSVP_STATUSES, type RsvpStatus } from '@contract/rsvps';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
  useFocusFirstItemOnOpen,
} from '@/components/ui/dropdown-menu';

function isRsvpStatus(value: string): value is RsvpStatus {
  return (RSVP_STATUSES as readonly string[]).includes(value);
}

/**
 * The Radix menu of the RSVP control (rsvp-control.tsx), loaded the first time someone opens it: every
 * event card has the control, and the menu with its positioning engine is not needed to paint them.
 */
export default function RsvpMenu({
  trigger,
  isBlocked,
  open,
  onOpenChange,
  isOpenedWithKeyboard,
  userRsvpStatus,
  onChoose,
  onContentClick,
}: {
  /** The control's button; Radix adds the trigger's props and handlers to it. */
  trigger: ReactElement;
  isBlocked: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The opening that loaded the menu came from the keyboard: focus the first status, as Radix does. */
  isOpenedWithKeyboard: boolean;
  userRsvpStatus: RsvpStatus | null;
  onChoose: (status: RsvpStatus) => void;
  onContentClick: (event: MouseEvent) => void;
}) {
  const { t } = useTranslation('event-detail');
  const focusFirstItem = useFocusFirstItemOnOpen(isOpenedWithKeyboard);
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger asChild disabled={isBlocked}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="w-[max(16rem,var(--radix-dropdown-menu-trigger-width))]"
        onClick={onContentClick}
        onFocus={focusFirstItem}
      >
        <DropdownMenuLabel className="text-xs font-medium text-muted-foreground">
          {t('rsvp.menuLabel')}
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={userRsvpStatus ?? ''}
          onValueChange={(value) => {
            if (isRsvpStatus(value) && value !== userRsvpStatus) onChoose(value);
          }}
        >
          {RSVP_STATUSES.map((status) => (
            <DropdownMenuRadioItem
              key={status}
              value={status}
              className="items-start py-2"
              data-testid={`rsvp-option-${status}`}
            >
              <span className="flex flex-col gap-0.5">
                <span className="font-medium">{t(`rsvp.status.${status}.label`)}</span>
                <span className="text-xs text-muted-foreground">{t(`rsvp.status.${status}.description`)}</span>
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
