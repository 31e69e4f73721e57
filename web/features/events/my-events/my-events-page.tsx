import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { LucideIcon } from 'lucide-react';
import { CalendarCheck, CalendarClock, CalendarPlus, Compass, Handshake, LayoutDashboard, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@contract/events';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/utils';
import { useMyEvents } from '@/lib/api/get-my-events';
import { useMyRsvpPages } from '@/lib/api/get-my-rsvps';
import { useUserStats } from '@/lib/api/get-user-stats';
import {
  CreateEventDialogLoader,
  createEventTriggerProps,
  MySlotsLoader,
} from '../organize/create-event-dialog-loader';
import { isEventPast } from '../discover/event-card';
import { EmptyState, EventGrid, EventGridSkeleton, ListError } from '../discover/event-list';
import { WithdrawButton } from '../event-page/withdraw-button';
import '../components/english-event-texts';

/**
 * Upcoming when the date is after now (soonest first), else past (latest first). A cancelled event that
 * has not yet happened is neither: nobody is going, so it is not counted as upcoming, and it is not past
 * either; it gets its own section so that its people still find it and its reason.
 */
export function splitByTime(events: Event[], now = Date.now()) {
  const isCancelledAhead = (event: Event) => event.status === 'cancelled' && !isEventPast(event, now);
  const upcoming = events
    .filter((event) => !isEventPast(event, now) && !isCancelledAhead(event))
    .sort((a, b) => a.date.localeCompare(b.date));
  const cancelled = events.filter(isCancelledAhead).sort((a, b) => a.date.localeCompare(b.date));
  const past = events.filter((event) => isEventPast(event, now)).sort((a, b) => b.date.localeCompare(a.date));
  return { upcoming, cancelled, past };
}

type Tab = 'organized' | 'joined';

export default function MyEventsPage() {
  // The cards' RSVP control reads the 'event-detail' strings: load them with the page's own, so
  // the page suspends once up front rather than blanking out (an open dialog too) when cards arrive.
  const { t } = useTranslation(['events', 'event-detail']);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('organized');
  const organized = useMyEvents();
  const joined = useMyRsvpPages();
  // The figures are the server's counts: the joined list is paged, so its length is no count.
  const stats = useUserStats();
  const now = Date.now();
  const organizedSplit = splitByTime(organized.data ?? [], now);
  const joinedSplit = splitByTime(joined.events ?? [], now);
  const openCreate = () => setIsCreateOpen(true);

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 pt-6 pb-6 sm:px-6 lg:px-8">
      <section
        aria-labelledby="dashboard-title"
        className="relative isolate flex flex-col gap-5 overflow-hidden rounded-2xl bg-gradient-to-br from-emerald-700 via-emerald-700 to-teal-800 p-6 text-white shadow-lg sm:flex-row sm:items-center sm:justify-between sm:p-8 dark:from-emerald-900 dark:via-emerald-900 dark:to-teal-950"
      >
        <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
          <div className="absolute -top-24 -end-16 size-72 rounded-full bg-radial from-white/10 to-transparent to-70%" />
          <LayoutDashboard className="absolute -bottom-8 start-1/2 size-40 text-white/5" strokeWidth={1} />
        </div>
        <div>
          <h1 id="dashboard-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
            {t('myEvents.title')}
          </h1>
          <p className="mt-2 max-w-xl text-base text-emerald-50">{t('myEvents.subtitle')}</p>
        </div>
        <Button
          variant="inverse"
          size="lg"
          onClick={openCreate}
          {...createEventTriggerProps}
          className="self-start sm:self-center"
        >
          <CalendarPlus aria-hidden />
          {t('myEvents.createNew')}
        </Button>
      </section>

      <section aria-label={t('myEvents.statsLabel')}>
        <ul className="grid grid-cols-3 gap-2.5 sm:gap-4">
          <DashboardStat
            icon={CalendarPlus}
            tone="bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300"
            label={t('myEvents.stats.organized')}
            testId="stat-organized"
          >
            {stats.data ? stats.data.organizedCount : <Skeleton className="h-8 w-8" />}
          </DashboardStat>
          <DashboardStat
            icon={Handshake}
            tone="bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-300"
            label={t('myEvents.stats.joined')}
            testId="stat-joined"
          >
            {stats.data ? stats.data.attendedCount : <Skeleton className="h-8 w-8" />}
          </DashboardStat>
          <DashboardStat
            icon={CalendarClock}
            tone="bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300"
            label={t('myEvents.stats.upcoming')}
            testId="stat-upcoming"
          >
            {stats.data ? stats.data.upcomingCount : <Skeleton className="h-8 w-8" />}
          </DashboardStat>
        </ul>
      </section>

      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="gap-6">
        <TabsList className="h-auto w-full sm:w-fit">
          <TabsTrigger
            value="organized"
            className="h-auto min-h-9 py-1.5 whitespace-normal sm:px-4 sm:whitespace-nowrap"
          >
            {t('myEvents.tabs.organized')}
          </TabsTrigger>
          <TabsTrigger value="joined" className="h-auto min-h-9 py-1.5 whitespace-normal sm:px-4 sm:whitespace-nowrap">
            {t('myEvents.tabs.joined')}
          </TabsTrigger>
        </TabsList>

        <TabsContent value="organized" className="flex flex-col gap-10">
          <EventSections
            query={organized}
            split={organizedSplit}
            empty={
              <EmptyState
                icon={CalendarPlus}
                title={t('myEvents.emptyOrganized.title')}
                hint={t('myEvents.emptyOrganized.hint')}
                action={
                  <Button onClick={openCreate} {...createEventTriggerProps}>
                    <Plus aria-hidden />
                    {t('myEvents.emptyOrganized.action')}
                  </Button>
                }
              />
            }
          />
        </TabsContent>

        <TabsContent value="joined" className="flex flex-col gap-10">
          <MySlotsLoader />
          <EventSections
            query={joined}
            split={joinedSplit}
            // Until the last page is in, a section's length is not its count: its heading shows none.
            isPartial={joined.hasNextPage}
            renderUpcomingFooter={(event) =>
              event.status === 'cancelled' ? null : (
                <WithdrawButton eventId={event.id} eventTitle={event.title} className="w-full" />
              )
            }
            empty={
              <EmptyState
                icon={CalendarCheck}
                title={t('myEvents.emptyJoined.title')}
                hint={t('myEvents.emptyJoined.hint')}
                action={
                  <Button asChild variant="outline">
                    <Link href="/discover">
                      <Compass aria-hidden />
                      {t('myEvents.emptyJoined.action')}
                    </Link>
                  </Button>
                }
              />
            }
          />
          {joined.hasNextPage && (
            <Button
              variant="outline"
              className="self-center"
              onClick={() => void joined.fetchNextPage()}
              disabled={joined.isFetchingNextPage}
              data-testid="joined-show-more"
            >
              {joined.isFetchingNextPage ? t('myEvents.loadingMore') : t('myEvents.showMore')}
            </Button>
          )}
        </TabsContent>
      </Tabs>

      <CreateEventDialogLoader open={isCreateOpen} onOpenChange={setIsCreateOpen} />
    </div>
  );
}

function EventSections({
  query,
  split,
  empty,
  renderUpcomingFooter,
  isPartial = false,
}: {
  query: { isLoading: boolean; isError: boolean; refetch: () => unknown };
  split: ReturnType<typeof splitByTime>;
  empty: ReactNode;
  renderUpcomingFooter?: (event: Event) => ReactNode;
  isPartial?: boolean;
}) {
  const { t } = useTranslation('events');
  const heading = (key: 'upcoming' | 'cancelled' | 'past', count: number) =>
    isPartial ? t(`myEvents.${key}Title`) : t(`myEvents.${key}Heading`, { count });
  if (query.isLoading) return <EventGridSkeleton count={3} />;
  if (query.isError) return <ListError onRetry={() => void query.refetch()} />;
  return (
    <>
      <section className="flex flex-col gap-4" data-testid="upcoming-section">
        <h2 className="text-lg font-semibold tracking-tight sm:text-xl">
          {heading('upcoming', split.upcoming.length)}
        </h2>
        {split.upcoming.length === 0 ? (
          empty
        ) : (
          <EventGrid events={split.upcoming} renderFooter={renderUpcomingFooter} />
        )}
      </section>
      {split.cancelled.length > 0 && (
        <section className="flex flex-col gap-4" data-testid="cancelled-section">
          <h2 className="text-lg font-semibold tracking-tight text-muted-foreground sm:text-xl">
            {heading('cancelled', split.cancelled.length)}
          </h2>
          <EventGrid events={split.cancelled} />
        </section>
      )}
      {split.past.length > 0 && (
        <section className="flex flex-col gap-4" data-testid="past-section">
          <h2 className="text-lg font-semibold tracking-tight text-muted-foreground sm:text-xl">
            {heading('past', split.past.length)}
          </h2>
          <EventGrid events={split.past} />
        </section>
      )}
    </>
  );
}

function DashboardStat({
  icon: Icon,
  tone,
  label,
  children,
  testId,
}: {
  icon: LucideIcon;
  tone: string;
  label: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    // Three across even on a phone: stacked (icon above the figure) there, side by side from sm up.
    <li
      className="flex flex-col items-start gap-2 rounded-xl border border-border bg-card p-3 shadow-sm sm:flex-row sm:items-center sm:gap-4 sm:p-5"
      data-testid={testId}
    >
      <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg sm:size-11', tone)}>
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-2xl leading-tight font-bold tabular-nums">{children}</span>
        <span className="text-xs leading-snug break-words text-muted-foreground sm:text-sm">{label}</span>
      </span>
    </li>
  );
}
