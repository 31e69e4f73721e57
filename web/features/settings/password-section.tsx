import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, EyeOff, LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { changePasswordBodySchema } from '@contract/account';
import { PASSWORD_MIN_LENGTH } from '@contract/users';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-error';
import { toast } from '@/lib/use-toast';
import { FieldMessage, passwordErrorText, problemText } from './settings-text';
import { useChangePassword } from './api/use-account';

const MISMATCH = 'mismatch';
const formSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((value) => value.confirmPassword === value.newPassword, { path: ['confirmPassword'], message: MISMATCH });
type PasswordForm = z.infer<typeof formSchema>;

export function PasswordSection() {
  const { t } = useTranslation('settings');
  const uid = useId();
  const [isVisible, setIsVisible] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const submit = async ({ currentPassword, newPassword }: PasswordForm) => {
    setFormError(null);
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
      reset();
      toast({ title: t('password.changed'), description: t('password.changedDescription') });
    } catch (error) {
      // The field the server refused gets the refusal's text by its code, never the server's English.
      const fields = isApiError(error)
        ? error.fieldErrors.filter((field) => field.path === 'currentPassword' || field.path === 'newPassword')
        : [];
      for (const field of fields)
        setError(field.path as 'currentPassword' | 'newPassword', { message: problemText(t, error) });
      if (fields.length === 0) setFormError(problemText(t, error));
    }
  };

  const fieldText = (message: string | undefined) =>
    message === MISMATCH ? t('password.mismatch') : passwordErrorText(t, message);
  const currentError = fieldText(errors.currentPassword?.message);
  const newError = fieldText(errors.newPassword?.message);
  const confirmError = fieldText(errors.confirmPassword?.message);
  const type = isVisible ? 'text' : 'password';

  return (
    <Card data-testid="settings-password">
      <CardHeader>
        <CardTitle id="settings-password-title">{t('password.title')}</CardTitle>
        <CardDescription>{t('password.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          onSubmit={handleSubmit(submit)}
          className="grid gap-4"
          aria-labelledby="settings-password-title"
        >
          {/* Lets a password manager tie the new password to this account. */}
          <input
            type="text"
            name="username"
            autoComplete="username"
            className="hidden"
            readOnly
            aria-hidden
            tabIndex={-1}
          />
          <div className="grid gap-2">
            <Label htmlFor={`${uid}-current`}>{t('password.current')}</Label>
            <Input
              id={`${uid}-current`}
              type={type}
              autoComplete="current-password"
              aria-invalid={Boolean(currentError)}
              aria-describedby={currentError ? `${uid}-current-error` : undefined}
              data-testid="settings-current-password"
              {...register('currentPassword')}
            />
            <FieldMessage id={`${uid}-current-error`} message={currentError} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid content-start gap-2">
              <Label htmlFor={`${uid}-new`}>{t('password.new')}</Label>
              <Input
                id={`${uid}-new`}
                type={type}
                autoComplete="new-password"
                aria-invalid={Boolean(newError)}
                aria-describedby={newError ? `${uid}-new-error` : `${uid}-new-hint`}
                data-testid="settings-new-password"
                {...register('newPassword')}
              />
              {newError ? (
                <FieldMessage id={`${uid}-new-error`} message={newError} testId="settings-new-password-error" />
              ) : (
                <p id={`${uid}-new-hint`} className="text-xs text-muted-foreground">
                  {t('password.hint', { min: PASSWORD_MIN_LENGTH })}
                </p>
              )}
            </div>
            <div className="grid content-start gap-2">
              <Label htmlFor={`${uid}-confirm`}>{t('password.confirm')}</Label>
              <Input
                id={`${uid}-confirm`}
                type={type}
                autoComplete="new-password"
                aria-invalid={Boolean(confirmError)}
                aria-describedby={confirmError ? `${uid}-confirm-error` : undefined}
                data-testid="settings-confirm-password"
                {...register('confirmPassword')}
              />
              <FieldMessage id={`${uid}-confirm-error`} message={confirmError} />
            </div>
          </div>
          <FieldMessage id={`${uid}-form-error`} message={formError} role="alert" />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={changePassword.isPending} data-testid="settings-password-submit">
              {changePassword.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
              {changePassword.isPending ? t('password.submitting') : t('password.submit')}
            </Button>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => setIsVisible((visible) => !visible)}
              aria-pressed={isVisible}
            >
              {isVisible ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
              {isVisible ? t('password.hide') : t('password.show')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
