import { UserPlus, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { WalkInBody } from '@contract/check-in';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-error';
import { refusalText } from '@/lib/error-text';
import { useAuth } from '@/lib/use-auth';
import { useIsOnline } from '@/lib/use-is-online';
import { useAddWalkIn } from './api/use-walk-in';

export type WalkInOutcome = { tone: 'good' | 'bad'; text: string };

/**
 * Someone at the door without a place (decisions §19, §22): name and address, checked in at once as a guest
 * whose address is mailed a link to claim the hours. It needs the server (which mails the link), so unlike
 * scans it is not queued offline.
 */
export function WalkInForm({ eventId, onOutcome }: { eventId: number; onOutcome: (outcome: WalkInOutcome) => void }) {
  const { t, i18n } = useTranslation('check-in');
  const [isOpen, setIsOpen] = useState(false);
  const isOnline = useIsOnline();
  const add = useAddWalkIn(eventId);
  const { user } = useAuth();
  const id = useId();
  // The contract's walkInBodySchema is applied by the server, whose 400 names the fields; here the browser's
  // own checks (required, type=email) catch the obvious. Bundling the contract's zod schemas in the door
  // would split shared chunks and grow the route table every signed-in screen loads (decisions §17).
  const form = useForm<WalkInBody>({ defaultValues: { firstName: '', lastName: '', email: '' } });
  const { errors } = form.formState;
  // The contract's messages are English: the form says them in the reader's language.
  const errorText = (error: FieldError | undefined, key: 'nameInvalid' | 'emailInvalid') =>
    error ? t(`walkIn.${key}`) : undefined;

  const onSubmit = form.handleSubmit((body) => {
    add.mutate(body, {
      onSuccess: (answer) => {
        const name = `${answer.firstName} ${answer.lastName}`;
        // One wording whatever the address (decisions §22): the door never learns who has an account. An
        // unconfirmed organizer's walk-ins mail nobody, which is about them alone, so it may be said.
        onOutcome({
          tone: 'good',
          text: user?.emailVerified === false ? t('walkIn.addedUnconfirmed', { name }) : t('walkIn.added', { name }),
        });
        form.reset();
        setIsOpen(false);
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? error.fieldErrors : [];
        for (const problem of fields)
          if (problem.path === 'firstName' || problem.path === 'lastName' || problem.path === 'email')
            form.setError(problem.path, { type: 'server', message: problem.message });
        if (fields.length > 0) return;
        void refusalText(i18n, error).then((text) => onOutcome({ tone: 'bad', text: text ?? t('walkIn.failed') }));
      },
    });
  });

  if (!isOpen)
    return (
      <Button type="button" variant="outline" onClick={() => setIsOpen(true)} data-testid="walk-in-open">
        <UserPlus aria-hidden />
        {t('walkIn.open')}
      </Button>
    );

  const fields = [
    { name: 'firstName', label: t('walkIn.firstName'), autoComplete: 'off', key: 'nameInvalid' },
    { name: 'lastName', label: t('walkIn.lastName'), autoComplete: 'off', key: 'nameInvalid' },
    { name: 'email', label: t('walkIn.email'), autoComplete: 'off', key: 'emailInvalid' },
  ] as const;

  return (
    <Card data-testid="walk-in-form">
      <CardContent className="p-4">
        <form className="flex flex-col gap-3" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
          <div className="flex items-start justify-between gap-2">
            <div>
              <h2 id={`${id}-title`} className="font-semibold">
                {t('walkIn.title')}
              </h2>
              <p className="text-sm text-muted-foreground">{t('walkIn.hint')}</p>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              onClick={() => setIsOpen(false)}
              aria-label={t('walkIn.cancel')}
            >
              <X aria-hidden />
            </Button>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            {fields.map((field) => {
              const message = errorText(errors[field.name], field.key);
              return (
                <div
                  key={field.name}
                  className={field.name === 'email' ? 'flex flex-col gap-1.5 sm:col-span-2' : 'flex flex-col gap-1.5'}
                >
                  {/* A plain label: Radix's would change how the shared Radix chunks split, on every screen. */}
                  <label htmlFor={`${id}-${field.name}`} className="text-sm leading-none font-medium">
                    {field.label}
                  </label>
                  <Input
                    id={`${id}-${field.name}`}
                    type={field.name === 'email' ? 'email' : 'text'}
                    inputMode={field.name === 'email' ? 'email' : undefined}
                    autoComplete={field.autoComplete}
                    dir="auto"
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? `${id}-${field.name}-error` : undefined}
                    data-testid={`walk-in-${field.name}`}
                    required
                    maxLength={field.name === 'email' ? 254 : 100}
                    {...form.register(field.name)}
                  />
                  {message && (
                    <p id={`${id}-${field.name}-error`} className="text-sm text-destructive">
                      {message}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
          {!isOnline && <p className="text-sm text-muted-foreground">{t('walkIn.offline')}</p>}
          <Button type="submit" disabled={add.isPending || !isOnline} className="self-end" data-testid="walk-in-submit">
            <UserPlus aria-hidden />
            {t('walkIn.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
