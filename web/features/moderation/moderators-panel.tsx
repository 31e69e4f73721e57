import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldUser, UserMinus, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '@/components/app-shell/page-states';
import { PersonAvatar, displayName } from '@/components/people/person-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { codeOf, statusOf } from '@/lib/api-error';
import { callApi } from '@/lib/call-api';
import { toast } from '@/lib/use-toast';
import { moderationLogQueryOptions, moderatorsQueryOptions } from './api/get-moderation';

/**
 * The moderators (decisions §20): every moderator sees who they are; an administrator (an ADMIN_EMAILS
 * address) appoints people by their account's address and removes those appointed. Administrators
 * themselves come from the configuration, so they have no Remove.
 */
export function ModeratorsPanel({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('moderation');
  const queryClient = useQueryClient();
  // An appointment changes the list and is written to the moderation log; nothing else on screen.
  const refreshModerators = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: moderatorsQueryOptions().queryKey }),
      queryClient.invalidateQueries({ queryKey: moderationLogQueryOptions().queryKey }),
    ]);
  const moderators = useQuery(moderatorsQueryOptions());
  const [email, setEmail] = useState('');
  const emailId = useId();
  const refusal = (error: unknown) =>
    codeOf(error) === 'USER_NOT_FOUND'
      ? t('moderators.noAccount')
      : statusOf(error) === 403
        ? t('moderators.onlyAdmins')
        : statusOf(error) === 400
          ? t('moderators.badEmail')
          : t('moderators.failed');
  const appoint = useMutation({
    mutationFn: (address: string) =>
      callApi((api) => api.POST('/api/moderation/moderators', { body: { email: address } })),
    onSuccess: async (_answer, address) => {
      toast({ title: t('moderators.appointed', { email: address }) });
      setEmail('');
      await refreshModerators();
    },
    onError: (error) => toast({ title: refusal(error), variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: (person: { id: string; name: string }) =>
      callApi((api) => api.DELETE('/api/moderation/moderators/{id}', { params: { path: { id: person.id } } })),
    onSuccess: async (_answer, person) => {
      toast({ title: t('moderators.removed', { name: person.name }) });
      await refreshModerators();
    },
    onError: (error) => toast({ title: refusal(error), variant: 'destructive' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) appoint.mutate(email.trim());
  };

  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{t('moderators.description')}</p>
      {isAdmin ? (
        <form
          onSubmit={submit}
          className="flex flex-col gap-2 rounded-xl border border-border bg-card p-4 sm:flex-row sm:items-end"
          data-testid="appoint-moderator"
        >
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <Label htmlFor={emailId}>{t('moderators.emailLabel')}</Label>
            <Input
              id={emailId}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              placeholder={t('moderators.emailPlaceholder')}
              required
              disabled={appoint.isPending}
            />
          </div>
          <Button type="submit" disabled={appoint.isPending || !email.trim()} data-testid="appoint-submit">
            <UserPlus aria-hidden />
            {appoint.isPending ? t('moderators.appointing') : t('moderators.appoint')}
          </Button>
        </form>
      ) : (
        <p className="rounded-xl border border-dashed border-border p-4 text-sm text-muted-foreground">
          {t('moderators.onlyAdmins')}
        </p>
      )}
      {moderators.isError ? (
        <LoadError onRetry={() => void moderators.refetch()} />
      ) : !moderators.data ? (
        <p className="py-10 text-center text-sm text-muted-foreground">{t('queue.loading')}</p>
      ) : (
        <ul
          className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card"
          data-testid="moderator-list"
        >
          {moderators.data.map((person) => {
            const name = displayName(person) || t('moderators.someone');
            return (
              <li key={person.id} className="flex items-center gap-3 p-3 sm:p-4" data-testid="moderator">
                <PersonAvatar person={person} className="size-9" />
                <p className="min-w-0 flex-1 truncate font-medium" dir="auto">
                  {name}
                </p>
                {person.isAdmin ? (
                  <Badge variant="secondary" className="gap-1">
                    <ShieldUser aria-hidden />
                    {t('moderators.admin')}
                  </Badge>
                ) : (
                  isAdmin && (
                    <Button
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ id: person.id, name })}
                      data-testid="moderator-remove"
                    >
                      <UserMinus aria-hidden />
                      {t('moderators.remove')}
                      <span className="sr-only" dir="auto">
                        {name}
                      </span>
                    </Button>
                  )
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
