import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, MailPlus, MailX, UserMinus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { intlLocale } from '@contract/languages';
import type { OrganizationMembers, OrganizationRole } from '@contract/organizations';
import { grantableRoles } from '@contract/organization-roles';
import { LoadError } from '@/components/app-shell/page-states';
import { PersonAvatar, displayName } from '@/components/people/person-avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { codeOf } from '@/lib/api-error';
import { callApi } from '@/lib/call-api';
import { refusalText } from '@/lib/error-text';
import { useAuth } from '@/lib/use-auth';
import { toast } from '@/lib/use-toast';
import { membersQueryOptions, organizationQueryOptions } from './api/get-organization';
import { HoursReportCard } from './hours-report-card';

/** /o/{slug}/members: members and their roles, invitations by e-mail, removal and leaving (owners and admins). */
export function OrganizationMembersScreen({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation('organizations');
  const queryClient = useQueryClient();
  const myId = useAuth().user?.id;
  const [, navigate] = useLocation();
  const organization = useQuery(organizationQueryOptions(slug));
  const organizationId = organization.data?.id;
  const membersOptions = membersQueryOptions(organizationId ?? 0);
  const members = useQuery({ ...membersOptions, enabled: organizationId !== undefined });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<OrganizationRole>('member');
  // What the caller may do comes from the server (viewerAbilities), never guessed from the role here.
  const abilities = organization.data?.viewerAbilities ?? [];
  const canManageOwners = abilities.includes('manageOwners');
  const roles = grantableRoles(abilities);
  // Worded by the refusal's code (decision 0021): LAST_OWNER, NOT_ORGANIZATION_OWNER and the others.
  const refusal = async (error: unknown) => {
    const description = (await refusalText(i18n, error)) ?? t('members.errors.failed');
    toast({ title: t('common:toasts.errorTitle'), description, variant: 'destructive' });
  };
  const setMembers = (answer: OrganizationMembers) => queryClient.setQueryData(membersOptions.queryKey, answer);
  const invite = useMutation({
    mutationFn: () =>
      callApi((api) =>
        api.POST('/api/organizations/{id}/invitations', {
          params: { path: { id: organizationId! } },
          body: { email: email.trim(), role },
        }),
      ),
    onSuccess: (answer) => {
      setMembers(answer);
      toast({ title: t('members.invited', { email: email.trim() }) });
      setEmail('');
    },
    onError: (error) =>
      codeOf(error) === 'VALIDATION_FAILED'
        ? toast({
            title: t('common:toasts.errorTitle'),
            description: t('members.errors.email'),
            variant: 'destructive',
          })
        : refusal(error),
  });
  const changeRole = useMutation({
    mutationFn: (change: { userId: string; role: OrganizationRole }) =>
      callApi((api) =>
        api.PATCH('/api/organizations/{id}/members/{userId}', {
          params: { path: { id: organizationId!, userId: change.userId } },
          body: { role: change.role },
        }),
      ),
    onSuccess: setMembers,
    onError: refusal,
  });
  const remove = useMutation({
    mutationFn: (userId: string) =>
      callApi((api) =>
        api.DELETE('/api/organizations/{id}/members/{userId}', {
          params: { path: { id: organizationId!, userId } },
        }),
      ),
    onSuccess: async (_answer, userId) => {
      // Who leaves no longer manages members: back to the organization's page.
      if (userId === myId) {
        await queryClient.invalidateQueries({ queryKey: organizationQueryOptions(slug).queryKey });
        navigate(`/o/${slug}`);
        return;
      }
      await queryClient.invalidateQueries({ queryKey: membersOptions.queryKey });
    },
    onError: refusal,
  });
  // Decisions §22: a pending invitation can be taken back before anyone opens its link.
  const revoke = useMutation({
    mutationFn: (invitationId: number) =>
      callApi((api) =>
        api.DELETE('/api/organizations/{id}/invitations/{invitationId}', {
          params: { path: { id: organizationId!, invitationId } },
        }),
      ),
    onSuccess: setMembers,
    onError: refusal,
  });
  if (organization.isError || members.isError)
    return <LoadError onRetry={() => void (organization.isError ? organization.refetch() : members.refetch())} />;
  if (!organization.data || !members.data)
    return <p className="py-16 text-center text-sm text-muted-foreground">{t('loading')}</p>;
  const submitInvitation = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) invite.mutate();
  };
  const dateFormat = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium' });
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10" data-testid="organization-members-page">
      <Link
        href={`/o/${organization.data.slug}`}
        className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden />
        <span dir="auto">{organization.data.name}</span>
      </Link>
      <h1 className="mt-3 text-2xl font-bold tracking-tight">{t('members.title')}</h1>

      <Card className="mt-6">
        <CardHeader className="pb-3">
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <MailPlus className="size-5" aria-hidden />
            {t('members.inviteTitle')}
          </h2>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submitInvitation}>
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <Label htmlFor="invite-email">{t('members.email')}</Label>
              <Input
                id="invite-email"
                type="email"
                inputMode="email"
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                dir="ltr"
                required
              />
            </div>
            <div className="flex flex-col gap-2 sm:w-40">
              <Label htmlFor="invite-role">{t('members.role')}</Label>
              <Select value={role} onValueChange={(value) => setRole(value as OrganizationRole)}>
                <SelectTrigger id="invite-role" data-testid="invite-role">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {roles.map((option) => (
                    <SelectItem key={option} value={option}>
                      {t(`roles.${option}`)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <Button type="submit" disabled={invite.isPending || !email.trim()} data-testid="invite-submit">
              {t('members.invite')}
            </Button>
          </form>
          <p className="mt-3 text-sm text-muted-foreground">{t('members.roleHelp')}</p>
        </CardContent>
      </Card>

      <ul
        className="mt-6 divide-y divide-border overflow-hidden rounded-xl border border-border bg-card"
        data-testid="member-list"
      >
        {members.data.members.map((member) => {
          const isMe = member.user.id === myId;
          const canChange = canManageOwners || member.role !== 'owner';
          return (
            <li
              key={member.user.id}
              className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap"
              data-testid="member-row"
            >
              <PersonAvatar person={member.user} className="size-10" />
              <div className="min-w-40 flex-1">
                <p className="truncate font-medium" dir="auto">
                  {displayName(member.user)}{' '}
                  {isMe && <span className="text-muted-foreground">({t('members.you')})</span>}
                </p>
                <p className="text-xs text-muted-foreground">
                  {t('members.since', { date: dateFormat.format(new Date(member.createdAt)) })}
                </p>
              </div>
              <div className="ms-auto flex items-center gap-2">
                <Select
                  value={member.role}
                  disabled={!canChange || changeRole.isPending}
                  onValueChange={(value) =>
                    changeRole.mutate({ userId: member.user.id, role: value as OrganizationRole })
                  }
                >
                  <SelectTrigger
                    className="w-36"
                    aria-label={t('members.roleOf', { name: displayName(member.user) })}
                    data-testid="member-role"
                  >
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {roles.map((option) => (
                      <SelectItem key={option} value={option}>
                        {t(`roles.${option}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={!canChange || remove.isPending}
                  onClick={() => remove.mutate(member.user.id)}
                  aria-label={isMe ? t('members.leave') : t('members.remove', { name: displayName(member.user) })}
                  title={isMe ? t('members.leave') : t('members.remove', { name: displayName(member.user) })}
                  data-testid="member-remove"
                >
                  <UserMinus aria-hidden />
                </Button>
              </div>
            </li>
          );
        })}
      </ul>

      {members.data.invitations.length > 0 && (
        <>
          <h2 className="mt-8 mb-3 text-lg font-semibold">{t('members.pending')}</h2>
          <ul
            className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card"
            data-testid="invitation-list"
          >
            {members.data.invitations.map((invitation) => (
              <li
                key={invitation.id}
                className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm"
                data-testid="invitation-row"
              >
                <span className="min-w-0 truncate" dir="ltr">
                  {invitation.email}
                </span>
                <span className="ms-auto text-muted-foreground">
                  {t(`roles.${invitation.role}`)} ·{' '}
                  {t('members.expires', { date: dateFormat.format(new Date(invitation.expiresAt)) })}
                </span>
                <Button
                  variant="ghost"
                  size="icon"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(invitation.id)}
                  aria-label={t('members.revoke', { email: invitation.email })}
                  title={t('members.revoke', { email: invitation.email })}
                  data-testid="invitation-revoke"
                >
                  <MailX aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <HoursReportCard organizationId={organization.data.id} />
    </div>
  );
}
