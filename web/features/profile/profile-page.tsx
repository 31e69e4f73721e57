import type { ComponentType, ReactNode, SVGProps } from 'react';
import {
  Award,
  CalendarCheck,
  CalendarDays,
  CalendarPlus,
  Clock,
  Crown,
  HeartHandshake,
  LogOut,
  MapPin,
  Pencil,
  Sparkles,
  Star,
  Trophy,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Event } from '@contract/events';
import { LoadError } from '@/components/app-shell/page-states';
import { signOut } from '@/components/app-shell/sign-out';
import { useCurrentUser } from '@/components/app-shell/use-current-user';
import { useUnauthorizedFallback } from '@/components/app-shell/use-unauthorized-fallback';
import { displayName, PersonAvatar } from '@/components/people/person-avatar';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { mostRecent, profileFigures, type ProfileBadge } from './profile-figures';
import { CalendarFeedSection } from './calendar-feed';
import { RecentSignIns } from './recent-sign-ins';
import { useMyEvents } from '@/lib/api/get-my-events';
import { useMyRsvpPages } from '@/lib/api/get-my-rsvps';
import { useUserStats } from '@/lib/api/get-user-stats';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const BADGE_STYLE: Record<ProfileBadge, { icon: Icon; className: string }> = {
  eventLeader: { icon: Crown, className: 'bg-rose-100 text-rose-800 dark:bg-rose-400/15 dark:text-rose-300' },
  communityChampion: {
    icon: Trophy,
    className: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-400/15 dark:text-indigo-300',
  },
  timeGiver: { icon: Clock, className: 'bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-300' },
  topRated: { icon: Star, className: 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300' },
  newVolunteer: {
    icon: Sparkles,
    className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300',
  },
};

export default function ProfilePage() {
  const { t, i18n } = useTranslation('profile');
  const { user } = useCurrentUser();
  const myEvents = useMyEvents();
  const myRsvps = useMyRsvpPages();
  // The counts are the server's; the lists are only for the recent events shown.
  const stats = useUserStats();
  useUnauthorizedFallback(myEvents.error, myRsvps.error, stats.error);
  const language = i18n.resolvedLanguage ?? 'en';

  const isLoading = myEvents.isLoading || myRsvps.isLoading || stats.isLoading;
  const hasError = Boolean(myEvents.error || myRsvps.error || stats.error);
  const figures = myEvents.data && stats.data ? profileFigures(myEvents.data, stats.data) : null;
  const number = new Intl.NumberFormat(language);
  const oneDecimal = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const joinedDate = user?.createdAt
    ? new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' }).format(new Date(user.createdAt))
    : null;
  const name = displayName(user);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <h1 className="sr-only">{t('title')}</h1>
      <section
        aria-labelledby="profile-name"
        className="overflow-hidden rounded-2xl border border-border bg-card shadow-sm"
      >
        <div className="h-24 bg-gradient-to-r from-brand-from to-brand-to sm:h-32" aria-hidden />
        <div className="flex flex-col gap-5 px-5 pb-6 sm:flex-row sm:items-end sm:justify-between sm:px-8">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
            <PersonAvatar
              person={user}
              className="-mt-12 size-24 border-4 border-card shadow-md sm:-mt-14 sm:size-28"
              fallbackClassName="text-3xl"
            />
            <div className="min-w-0">
              <h2
                id="profile-name"
                dir="auto"
                className="truncate text-2xl font-bold tracking-tight"
                data-testid="profile-name"
              >
                <bdi>{name}</bdi>
              </h2>
              {user?.email && (
                <p className="truncate text-sm text-muted-foreground" data-testid="profile-email">
                  {user.email}
                </p>
              )}
              <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground" data-testid="profile-joined">
                <CalendarDays className="size-4" aria-hidden />
                {joinedDate ? t('joined', { date: joinedDate }) : t('recently')}
              </p>
              {figures && (
                <ul className="mt-3 flex flex-wrap gap-2" aria-label={t('badges.label')} data-testid="profile-badges">
                  {figures.badges.map((badge) => {
                    const style = BADGE_STYLE[badge];
                    return (
                      <li
                        key={badge}
                        className={cn(
                          'inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold',
                          style.className,
                        )}
                        data-testid="profile-badge"
                      >
                        <style.icon className="size-3.5" aria-hidden />
                        {t(`badges.${badge}`)}
                      </li>
                    );
                  })}
                </ul>
              )}
            </div>
          </div>
          <div className="flex gap-2 sm:pb-1">
            <Link href="/settings" className={buttonVariants({ variant: 'outline' })} data-testid="profile-edit">
              <Pencil aria-hidden />
              {t('editProfile')}
            </Link>
            <Button
              variant="ghost"
              onClick={signOut}
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              data-testid="profile-sign-out"
            >
              <LogOut aria-hidden className="rtl:rotate-180" />
              {t('common:nav.signOut')}
            </Button>
          </div>
        </div>
      </section>

      {hasError ? (
        <div className="mt-6">
          <LoadError
            onRetry={() => {
              void myEvents.refetch();
              void myRsvps.refetch();
              void stats.refetch();
            }}
          />
        </div>
      ) : (
        <>
          <section aria-label={t('stats.label')} className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatCard
              icon={CalendarPlus}
              label={t('stats.organized')}
              value={figures && number.format(figures.organized)}
              tone="emerald"
              testId="stat-organized"
            />
            <StatCard
              icon={CalendarCheck}
              label={t('stats.joined')}
              value={figures && number.format(figures.joined)}
              tone="sky"
              testId="stat-joined"
            />
            <StatCard
              icon={Clock}
              label={t('stats.hours')}
              value={figures && number.format(figures.hours)}
              tone="violet"
              testId="stat-hours"
            />
            <StatCard
              icon={Star}
              label={t('stats.rating')}
              value={figures && oneDecimal.format(figures.averageRating)}
              tone="amber"
              testId="stat-rating"
            />
          </section>

          <div className="mt-6 grid gap-6 lg:grid-cols-2">
            <RecentList
              title={t('recentOrganized.title')}
              emptyText={t('recentOrganized.empty')}
              events={myEvents.data ? mostRecent(myEvents.data) : undefined}
              isLoading={isLoading}
              testId="recent-organized"
              renderMeta={(event) => (
                <>
                  <span className="inline-flex items-center gap-1" data-testid="recent-rating">
                    <Star className="size-3.5 fill-amber-400 text-amber-500" aria-hidden />
                    <span className="sr-only">{t('ratingLabel')}</span>
                    {oneDecimal.format(event.averageRating)}
                  </span>
                  <span className="inline-flex items-center gap-1" data-testid="recent-attendees">
                    <Users className="size-3.5" aria-hidden />
                    {t('attendees', { count: event.rsvpCount, formatted: number.format(event.rsvpCount) })}
                  </span>
                </>
              )}
            />
            <RecentList
              title={t('recentJoined.title')}
              emptyText={t('recentJoined.empty')}
              events={myRsvps.events ? mostRecent(myRsvps.events) : undefined}
              isLoading={isLoading}
              testId="recent-joined"
              renderAside={(event) => (
                <span
                  className="shrink-0 rounded-full bg-secondary px-2.5 py-0.5 text-xs font-semibold text-secondary-foreground"
                  data-testid="rsvp-badge"
                >
                  {t(`rsvpStatus.${event.userRsvpStatus ?? 'going'}`)}
                </span>
              )}
            />
          </div>

          <Card className="mt-6 overflow-hidden" data-testid="community-impact">
            <CardHeader className="pb-4">
              <CardTitle className="flex items-center gap-2">
                <HeartHandshake className="size-5 text-primary" aria-hidden />
                {t('impact.title')}
              </CardTitle>
              <p className="text-sm text-muted-foreground">{t('impact.subtitle')}</p>
            </CardHeader>
            <CardContent>
              <dl className="grid grid-cols-3 gap-3 text-center">
                <ImpactFigure
                  label={t('impact.totalEvents')}
                  value={figures && number.format(figures.totalEvents)}
                  testId="impact-total-events"
                />
                <ImpactFigure
                  label={t('impact.hours')}
                  value={figures && number.format(figures.hours)}
                  testId="impact-hours"
                />
                <ImpactFigure
                  label={t('impact.peopleHelped')}
                  value={figures && number.format(figures.peopleHelped)}
                  testId="impact-people-helped"
                />
              </dl>
            </CardContent>
          </Card>
        </>
      )}

      <CalendarFeedSection className="mt-6" />
      <RecentSignIns className="mt-6" />
    </div>
  );
}

const TONES = {
  emerald: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300',
  sky: 'bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-300',
  violet: 'bg-violet-100 text-violet-800 dark:bg-violet-400/15 dark:text-violet-300',
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300',
} as const;

function StatCard({
  icon: IconComponent,
  label,
  value,
  tone,
  testId,
}: {
  icon: Icon;
  label: string;
  value: string | null;
  tone: keyof typeof TONES;
  testId: string;
}) {
  return (
    <div
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5"
      data-testid={testId}
    >
      <span className={cn('inline-flex size-10 items-center justify-center rounded-xl', TONES[tone])} aria-hidden>
        <IconComponent className="size-5" />
      </span>
      <div>
        {value === null ? (
          <Skeleton className="h-8 w-16" />
        ) : (
          <p className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl" data-testid={`${testId}-value`}>
            {value}
          </p>
        )}
        <p className="mt-0.5 text-sm font-medium text-muted-foreground">{label}</p>
      </div>
    </div>
  );
}

function ImpactFigure({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  return (
    <div className="flex flex-col-reverse gap-1 rounded-xl bg-secondary/70 px-2 py-4" data-testid={testId}>
      <dt className="text-xs font-medium text-secondary-foreground sm:text-sm">{label}</dt>
      <dd
        className="text-2xl font-bold text-secondary-foreground tabular-nums sm:text-3xl"
        data-testid={`${testId}-value`}
      >
        {value ?? '–'}
      </dd>
    </div>
  );
}

function RecentList({
  title,
  emptyText,
  events,
  isLoading,
  testId,
  renderMeta,
  renderAside,
}: {
  title: string;
  emptyText: string;
  events: Event[] | undefined;
  isLoading: boolean;
  testId: string;
  renderMeta?: (event: Event) => ReactNode;
  renderAside?: (event: Event) => ReactNode;
}) {
  return (
    // min-w-0: a long title must truncate inside the grid cell, not widen the page on phones.
    <Card className="min-w-0" data-testid={testId}>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <Award className="size-4.5 text-primary" aria-hidden />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading || !events ? (
          <div className="space-y-3">
            {Array.from({ length: 3 }, (_, index) => (
              <Skeleton key={index} className="h-14 w-full" />
            ))}
          </div>
        ) : events.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
            {emptyText}
          </p>
        ) : (
          <ul className="-mx-2 flex flex-col">
            {events.map((event) => (
              <li key={event.id}>
                <Link
                  href={`/events/${event.id}`}
                  className="flex items-start gap-3 rounded-xl px-2 py-2.5 transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                  data-testid="recent-event"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-semibold" data-testid="recent-event-title">
                      <bdi>{event.title}</bdi>
                    </p>
                    <p className="mt-0.5 flex items-center gap-1 text-sm text-muted-foreground">
                      <MapPin className="size-3.5 shrink-0" aria-hidden />
                      <bdi className="truncate">{event.location}</bdi>
                    </p>
                    {renderMeta && (
                      <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-muted-foreground">
                        {renderMeta(event)}
                      </p>
                    )}
                  </div>
                  {renderAside?.(event)}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
