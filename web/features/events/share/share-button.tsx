import { useState } from 'react';
import { Share2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@contract/events';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ShareEventDialogLoader } from './share-event-dialog-loader';

/** The event detail page's share control: opens the 'Share Event' dialog. */
export function ShareButton({
  event,
  variant = 'outline',
  size,
  className,
}: { event: Event } & Pick<ButtonProps, 'variant' | 'size' | 'className'>) {
  const { t } = useTranslation('share');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <ShareEventDialogLoader
      event={event}
      open={isOpen}
      onOpenChange={setIsOpen}
      trigger={
        <Button type="button" variant={variant} size={size} className={className} data-testid="share-button">
          <Share2 aria-hidden />
          {t('button.label')}
        </Button>
      }
    />
  );
}
