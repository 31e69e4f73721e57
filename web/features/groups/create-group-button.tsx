import { useRef, useState } from 'react';
import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DialogLoading, useHasBeenOpen } from '@/components/dialog-loading';
import { Button } from '@/components/ui/button';
import { useLazyModule } from '@/lib/use-lazy-module';

const loadCreateGroupDialog = () => import('./create-group-dialog');

/**
 * The Create Group button, with its dialog loaded on first open rather than with the page: the Radix
 * dialog, radio group and form fields are about 12 kB that few visits use, and the Groups route has to
 * stay within its JavaScript budget. The code starts loading when the pointer or the keyboard focus
 * reaches the button, so it is usually there by the click; until then a dimmed overlay with a spinner
 * shows that the click was taken.
 */
export function CreateGroupButton() {
  const { t } = useTranslation('groups');
  const [isOpen, setIsOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const hasBeenOpen = useHasBeenOpen(isOpen);
  const module = useLazyModule(loadCreateGroupDialog, hasBeenOpen);
  return (
    <>
      <Button
        ref={trigger}
        data-testid="create-group"
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        onClick={() => setIsOpen(true)}
        onPointerEnter={() => void loadCreateGroupDialog()}
        onFocus={() => void loadCreateGroupDialog()}
      >
        <Plus aria-hidden />
        {t('create.open')}
      </Button>
      {module ? (
        <module.CreateGroupDialog open={isOpen} onOpenChange={setIsOpen} trigger={trigger} />
      ) : (
        isOpen && <DialogLoading />
      )}
    </>
  );
}
