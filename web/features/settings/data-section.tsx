import { useId, useState, type FormEvent } from 'react';
import { Download, LoaderCircle, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button-variants';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FieldMessage, problemText } from './settings-text';
import { useDeleteAccount } from './api/use-account';

/** The data export, a plain download the browser saves (the server names the file). */
export function DataSection() {
  const { t } = useTranslation('settings');
  return (
    <Card data-testid="settings-data">
      <CardHeader>
        <CardTitle>{t('data.title')}</CardTitle>
        <CardDescription>{t('data.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <a
          href="/api/auth/user/export"
          download
          className={buttonVariants({ variant: 'outline' })}
          data-testid="settings-export"
        >
          <Download aria-hidden />
          {t('data.download')}
        </a>
      </CardContent>
    </Card>
  );
}

const CONSEQUENCES = ['profile', 'events', 'messages', 'activity'] as const;

/** Account deletion, confirmed with the password in a dialog that says what happens. */
export function DeleteAccountSection() {
  const { t } = useTranslation('settings');
  const uid = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const deleteAccount = useDeleteAccount();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!password) return setError(t('password.required'));
    try {
      await deleteAccount.mutateAsync({ password });
      // A full page load: every cached answer of the account goes with the page.
      window.location.assign('/');
    } catch (caught) {
      setError(problemText(t, caught));
    }
  };

  return (
    <Card className="border-destructive/40" data-testid="settings-delete">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-destructive">
          <TriangleAlert className="size-5" aria-hidden />
          {t('delete.title')}
        </CardTitle>
        <CardDescription>{t('delete.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Dialog
          open={isOpen}
          onOpenChange={(open) => {
            setIsOpen(open);
            if (!open) {
              setPassword('');
              setError(null);
            }
          }}
        >
          <DialogTrigger asChild>
            <Button type="button" variant="destructive" data-testid="settings-delete-open">
              {t('delete.open')}
            </Button>
          </DialogTrigger>
          <DialogContent data-testid="settings-delete-dialog">
            <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
              <DialogHeader>
                <DialogTitle>{t('delete.dialogTitle')}</DialogTitle>
                <DialogDescription>{t('delete.dialogDescription')}</DialogDescription>
              </DialogHeader>
              <ul className="grid list-disc gap-1.5 ps-5 text-sm">
                {CONSEQUENCES.map((item) => (
                  <li key={item}>{t(`delete.consequences.${item}`)}</li>
                ))}
              </ul>
              <div className="grid gap-2">
                <Label htmlFor={`${uid}-password`}>{t('delete.password')}</Label>
                <Input
                  id={`${uid}-password`}
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  aria-invalid={Boolean(error)}
                  aria-describedby={error ? `${uid}-error` : undefined}
                  data-testid="settings-delete-password"
                />
                <FieldMessage id={`${uid}-error`} message={error} testId="settings-delete-error" />
              </div>
              <DialogFooter>
                <Button type="button" variant="outline" onClick={() => setIsOpen(false)}>
                  {t('delete.cancel')}
                </Button>
                <Button
                  type="submit"
                  variant="destructive"
                  disabled={deleteAccount.isPending}
                  data-testid="settings-delete-confirm"
                >
                  {deleteAccount.isPending && <LoaderCircle className="animate-spin" aria-hidden />}
                  {deleteAccount.isPending ? t('delete.deleting') : t('delete.confirm')}
                </Button>
              </DialogFooter>
            </form>
          </DialogContent>
        </Dialog>
      </CardContent>
    </Card>
  );
}
