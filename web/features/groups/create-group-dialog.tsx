import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Globe, Lock } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

type Privacy = 'public' | 'private';

const PRIVACY_OPTIONS: { value: Privacy; icon: typeof Globe }[] = [
  { value: 'public', icon: Globe },
  { value: 'private', icon: Lock },
];

/**
 * The Groups screen's Create Group dialog with Group Name, Description and Privacy. The name is required
 * ('This field is required'); creating only logs to the console, since groups are sample data. Opened by
 * the button of create-group-button.tsx, which loads this code on first open.
 */
export function CreateGroupDialog({
  open,
  onOpenChange,
  trigger,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('groups');
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [privacy, setPrivacy] = useState<Privacy>('public');
  const [hasNameError, setHasNameError] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const id = useId();

  const reset = () => {
    setName('');
    setDescription('');
    setPrivacy('public');
    setHasNameError(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setHasNameError(true);
      nameRef.current?.focus();
      return;
    }
    console.log('[groups] create group (sample data, nothing sent)', {
      name: name.trim(),
      description: description.trim(),
      isPublic: privacy === 'public',
    });
    onOpenChange(false);
    reset();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) reset();
      }}
    >
      <DialogContent
        data-testid="create-group-dialog"
        // The button lives outside this dialog (a Radix trigger would tie it to this chunk), so focus goes
        // back to it by hand, as a trigger's would.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{t('create.title')}</DialogTitle>
          <DialogDescription>{t('create.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-5">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>{t('create.name')}</Label>
            <Input
              ref={nameRef}
              id={`${id}-name`}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                if (event.target.value.trim() !== '') setHasNameError(false);
              }}
              placeholder={t('create.namePlaceholder')}
              aria-invalid={hasNameError}
              aria-describedby={hasNameError ? `${id}-name-error` : undefined}
              aria-required
              maxLength={100}
              autoComplete="off"
            />
            {hasNameError && (
              <p id={`${id}-name-error`} className="text-sm font-medium text-destructive" data-testid="name-error">
                {t('create.required')}
              </p>
            )}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-description`}>{t('create.descriptionLabel')}</Label>
            <Textarea
              id={`${id}-description`}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              placeholder={t('create.descriptionPlaceholder')}
              maxLength={1000}
              rows={3}
            />
          </div>
          <div className="grid gap-2">
            <Label id={`${id}-privacy`}>{t('create.privacy')}</Label>
            <RadioGroup.Root
              value={privacy}
              onValueChange={(value) => setPrivacy(value as Privacy)}
              aria-labelledby={`${id}-privacy`}
              className="grid gap-2 sm:grid-cols-2"
            >
              {PRIVACY_OPTIONS.map(({ value, icon: Icon }) => (
                <label
                  key={value}
                  htmlFor={`${id}-${value}`}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-lg border border-input p-3 transition-colors hover:bg-accent',
                    'has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-secondary/60',
                  )}
                >
                  <RadioGroup.Item
                    id={`${id}-${value}`}
                    value={value}
                    aria-labelledby={`${id}-${value}-title`}
                    aria-describedby={`${id}-${value}-hint`}
                    className="mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full border border-input bg-background outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=checked]:border-primary"
                  >
                    <RadioGroup.Indicator className="size-2 rounded-full bg-primary" />
                  </RadioGroup.Item>
                  <span className="grid gap-0.5">
                    <span id={`${id}-${value}-title`} className="flex items-center gap-1.5 text-sm font-medium">
                      <Icon className="size-4 text-muted-foreground" aria-hidden />
                      {t(`privacy.${value}`)}
                    </span>
                    <span id={`${id}-${value}-hint`} className="text-xs text-muted-foreground">
                      {t(`privacy.${value}Hint`)}
                    </span>
                  </span>
                </label>
              ))}
            </RadioGroup.Root>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t('create.cancel')}
              </Button>
            </DialogClose>
            <Button type="submit">{t('create.submit')}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
