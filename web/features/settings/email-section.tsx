import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIL_KINDS, type MailKind } from '@contract/mail';
import { isLanguageCode } from '@contract/languages';
import { LoadError } from '@/components/app-shell/page-states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { LANGUAGES } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { problemText } from './settings-text';
import { useMailSettings, useUpdateMailSettings } from './api/use-account';

/**
 * The same switches as each mail's unsubscribe link, one per kind of mail, and the
 * language mails are written in.
 */
export function EmailSection() {
  const { t } = useTranslation('settings');
  const uid = useId();
  const settings = useMailSettings();
  const update = useUpdateMailSettings();

  const save = async (body: Parameters<typeof update.mutateAsync>[0]) => {
    try {
      await update.mutateAsync(body);
      toast({ title: t('email.saved') });
    } catch (error) {
      toast({ title: problemText(t, error), variant: 'destructive' });
    }
  };

  return (
    <Card data-testid="settings-email">
      <CardHeader>
        <CardTitle>{t('email.title')}</CardTitle>
        <CardDescription>{t('email.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {settings.error ? (
          <LoadError onRetry={() => void settings.refetch()} />
        ) : !settings.data ? (
          <div className="grid gap-3">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-40 w-full" />
          </div>
        ) : (
          <>
            <div className="grid gap-2 sm:max-w-xs">
              <Label htmlFor={`${uid}-language`}>{t('email.language')}</Label>
              <select
                id={`${uid}-language`}
                data-testid="settings-email-language"
                className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                value={settings.data.language}
                disabled={update.isPending}
                onChange={(event) => {
                  if (isLanguageCode(event.target.value)) void save({ language: event.target.value });
                }}
              >
                {LANGUAGES.map((option) => (
                  <option key={option.code} value={option.code}>
                    {option.name}
                  </option>
                ))}
              </select>
            </div>
            <fieldset className="grid gap-3">
              <legend className="mb-2 text-sm font-medium">{t('email.kindsLegend')}</legend>
              {MAIL_KINDS.map((kind: MailKind) => {
                const isOn = settings.data.kinds[kind];
                return (
                  <div key={kind} className="flex items-start justify-between gap-4 rounded-lg border p-3">
                    <div className="min-w-0">
                      <Label htmlFor={`${uid}-${kind}`} className="font-medium">
                        {t(`email.kinds.${kind}.label`)}
                      </Label>
                      <p className="mt-0.5 text-sm text-muted-foreground">{t(`email.kinds.${kind}.hint`)}</p>
                    </div>
                    <button
                      id={`${uid}-${kind}`}
                      type="button"
                      role="switch"
                      aria-checked={isOn}
                      data-testid={`settings-email-${kind}`}
                      disabled={update.isPending}
                      onClick={() => void save({ kinds: { [kind]: !isOn } })}
                      className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60 ${isOn ? 'bg-primary' : 'bg-input'}`}
                    >
                      <span
                        className={`inline-block size-5 rounded-full bg-background shadow transition-transform ${isOn ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0.5 rtl:-translate-x-0.5'}`}
                      />
                    </button>
                  </div>
                );
              })}
            </fieldset>
          </>
        )}
      </CardContent>
    </Card>
  );
}
