import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, ExternalLink, MapPin, UserCog, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '@contract/languages';
import { Link } from 'wouter';
import { LoadError } from '@/components/app-shell/page-states';
import { useCurrentUser } from '@/components/app-shell/use-current-user';
import { OrganizationLogo } from '@/components/organizations/organization-logo';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent } from '@/components/ui/card';
import { statusOf } from '@/lib/api-error';
import { callApi } from '@/lib/call-api';
import { formatNumber } from '@/lib/format-number';
import { toast } from '@/lib/use-toast';
import { organizationQueryOptions } from './api/get-organization';
import { OrganizationLogoEditor } from './organization-logo-editor';

/** /o/{slug}: an organization's public page, its next events, its followers and the Follow button. */
export function OrganizationScreen({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation('organizations');
  const queryClient = useQueryClient();
  const isGuest = useCurrentUser().user === null;
  const options = organizationQueryOptions(slug);
  const { data: organization, isPending, isError, error, refetch } = useQuery(options);
  const follow = useMutation({
    mutationFn: (isFollowing: boolean) =>
      callApi((api) =>
        isFollowing
          ? api.POST('/api/organizations/{id}/follow', { params: { path: { id: organization!.id } } })
          : api.DELETE('/api/organizations/{id}/follow', { params: { path: { id: organization!.id } } }),
      ),
    onSuccess: (answer) =>
      queryClient.setQueryData(options.queryKey, (current) => (current ? { ...current, ...answer } : current)),
    onError: () =>
      toast({ title: t('common:toasts.errorTitle'), description: t('follow.failed'), variant: 'destructive' }),
  });
  if (isPending) return <p className="py-16 text-center text-sm text-muted-foreground">{t('loading')}</p>;
  if (isError) {
    const isMissing = statusOf(error) === 404;
    return isMissing ? (
      <p className="py-16 text-center text-muted-foreground" data-testid="organization-not-found">
        {t('notFound')}
      </p>
    ) : (
      <LoadError onRetry={() => void refetch()} />
    );
  }
  const canManageMembers = organization.viewerAbilities.includes('manageMembers');
  const dateFormat = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10" data-testid="organization-page">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 items-center gap-3">
          <OrganizationLogo logoUrl={organization.logoUrl} className="size-16" />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight break-words" dir="auto" data-testid="organization-name">
              {organization.name}
            </h1>
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <Users className="size-4" aria-hidden />
              <span data-testid="organization-followers">
                {t('followers', {
                  count: organization.followerCount,
                  formattedCount: formatNumber(organization.followerCount, i18n.language),
                })}
              </span>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {canManageMembers && (
            <Link
              href={`/o/${organization.slug}/members`}
              className={buttonVariants({ variant: 'outline' })}
              data-testid="organization-manage-members"
            >
              <UserCog aria-hidden />
              {t('members.open')}
            </Link>
          )}
          {isGuest ? (
            // Following needs an account: signing in comes back here.
            <a
              href={`/api/login?returnTo=${encodeURIComponent(`/o/${organization.slug}`)}`}
              className={buttonVariants()}
              data-testid="organization-follow"
            >
              {t('follow.signIn')}
            </a>
          ) : (
            <Button
              variant={organization.isFollowing ? 'outline' : 'default'}
              aria-pressed={organization.isFollowing}
              disabled={follow.isPending}
              onClick={() => follow.mutate(!organization.isFollowing)}
              data-testid="organization-follow"
            >
              {organization.isFollowing ? t('follow.following') : t('follow.follow')}
            </Button>
          )}
        </div>
      </div>

      {canManageMembers && (
        <div className="mt-4">
          <OrganizationLogoEditor organization={organization} />
        </div>
      )}

      <Card className="mt-6">
        <CardContent className="pt-6">
          <p
            dir="auto"
            className="leading-relaxed break-words whitespace-pre-line"
            data-testid="organization-description"
          >
            {organization.description}
          </p>
          {organization.website && (
            <a
              href={organization.website}
              target="_blank"
              rel="noopener noreferrer nofollow ugc"
              className="mt-4 inline-flex max-w-full items-center gap-1.5 text-sm font-medium text-primary hover:underline"
            >
              <ExternalLink className="size-4 shrink-0" aria-hidden />
              <span className="truncate" dir="ltr">
                {organization.website.replace(/^https?:\/\//, '')}
              </span>
            </a>
          )}
        </CardContent>
      </Card>

      <h2 className="mt-8 mb-3 text-lg font-semibold">{t('upcoming.title')}</h2>
      {organization.upcomingEvents.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
          {t('upcoming.empty')}
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="organization-events">
          {organization.upcomingEvents.map((event) => (
            <li key={event.id}>
              <Link
                href={`/events/${event.id}`}
                className="flex h-full flex-col gap-2 rounded-xl border border-border bg-card p-4 transition-colors hover:bg-accent"
              >
                <span className="font-semibold break-words" dir="auto">
                  {event.title}
                </span>
                <span className="flex items-center gap-1.5 text-sm text-muted-foreground">
                  <CalendarDays className="size-4 shrink-0" aria-hidden />
                  <time dateTime={event.date}>{dateFormat.format(new Date(event.date))}</time>
                </span>
                <span className="flex min-w-0 items-center gap-1.5 text-sm text-muted-foreground">
                  <MapPin className="size-4 shrink-0" aria-hidden />
                  <span className="truncate" dir="auto">
                    {event.location}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {organization.viewerRole !== null && (
        <p className="mt-6 text-sm text-muted-foreground" data-testid="organization-role">
          {t('yourRole', { role: t(`roles.${organization.viewerRole}`) })}
        </p>
      )}
    </div>
  );
}
