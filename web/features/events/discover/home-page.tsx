import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { LucideIcon } from 'lucide-react';
import {
  CalendarDays,
  CalendarPlus,
  Clock,
  LayoutGrid,
  MapPin,
  MessageCircle,
  Plus,
  SearchX,
  Sparkles,
  UserPlus,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/lib/use-auth';
import { useLazyModule } from '@/lib/use-lazy-module';
import { formatCompactNumber } from '@/lib/format-compact-number';
import { formatNumber } from '@/lib/format-number';
import { cn } from '@/lib/utils';
import { getCategoryIcon, getCategoryStyle } from '../components/category-style';
import { CreateEventDialogLoader, createEventTriggerProps } from '../organize/create-event-dialog-loader';
import { useCategoryName } from './event-card';
import { EmptyState, EventListResults } from './event-list';
import { useCategories } from '../api/get-categories';
import { greetingName, isNewAccount } from './people';
import { useEvents } from '../api/get-events';
import { usePublicStats } from '../api/get-public-stats';
import { useMatchingEvents, usePreferences } from '../api/get-preferences';
import { ForYouPlaceholder, IntroPlaceholder, homeBlocksOf } from './home-blocks';
import '../components/english-event-texts';

// The community's figures (GET /api/stats/public) in the spec's places.
const COMMUNITY_STATS: {
  field: 'volunteers' | 'verifiedHours' | 'communities';
  labelKey: string;
  icon: LucideIcon;
  tone: string;
}[] = [
  {
    field: 'volunteers',
    labelKey: 'home.stats.volunteers',
    icon: Users,
    tone: 'bg-teal-100 text-teal-800 dark:bg-teal-400/15 dark:text-teal-300',
  },
  {
    field: 'verifiedHours',
    labelKey: 'home.stats.hours',
    icon: Clock,
    tone: 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300',
  },
  {
    field: 'communities',
    labelKey: 'home.stats.communities',
    icon: MapPin,
    tone: 'bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-300',
  },
];

/** The welcome banner's quick actions after Find Events Near Me and Create Event. */
const BANNER_LINKS: { href: string; icon: LucideIcon; labelKey: string }[] = [
  { href: '/friends', icon: UserPlus, labelKey: 'home.actions.connectFriends' },
  { href: '/chat', icon: MessageCircle, labelKey: 'home.actions.openChat' },
];

const loadHomeForYou = () => import('./home-for-you');

/**
 * Home. The page itself holds only its filter and dialog state; the banner, the figures, the
 * chips and the grid each read their own data, so an answer arriving re-renders the part showing it
 * (on a phone, re-rendering the whole page for each of them was a long task every time).
 */
export default function HomePage() {
  // The cards' RSVP control reads the 'event-detail' strings: load them with the page's own, so
  // the page suspends once up front rather than blanking out (an open dialog too) when cards arrive.
  const { t } = useTranslation(['events', 'event-detail']);
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const openCreate = useCallback(() => setIsCreateOpen(true), []);
  // The rendered page brings the answers, so the blocks below hold their room from the first paint;
  // their code loads after it (most visits of Home need none of it).
  const preferences = usePreferences().data;
  const blocks = homeBlocksOf(preferences);
  const forYou = useLazyModule(loadHomeForYou, blocks.hasIntro || blocks.hasPicks);
  // Read beside the blocks' code rather than after it: one round trip instead of two.
  useMatchingEvents(blocks.hasPicks);

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-8 px-4 pt-6 pb-6 sm:px-6 lg:px-8">
      <WelcomeBanner onCreate={openCreate} place={preferences?.place ?? null} />
      {blocks.hasIntro && (
        <Suspense fallback={<IntroPlaceholder blocks={blocks} />}>
          {forYou && preferences ? (
            <forYou.HomeIntro preferences={preferences} />
          ) : (
            <IntroPlaceholder blocks={blocks} />
          )}
        </Suspense>
      )}
      <HomeStats categoryId={categoryId} />
      {blocks.hasPicks && (
        <Suspense fallback={<ForYouPlaceholder />}>
          {forYou && preferences ? <forYou.HomePicks preferences={preferences} /> : <ForYouPlaceholder />}
        </Suspense>
      )}

      <section aria-labelledby="upcoming-heading" className="flex flex-col gap-5">
        <div className="flex flex-col gap-4">
          <h2 id="upcoming-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
            {t('home.upcoming')}
          </h2>
          <CategoryChips categoryId={categoryId} onSelect={setCategoryId} />
        </div>
        <UpcomingEvents categoryId={categoryId} onCreate={openCreate} />
      </section>

      <Button
        onClick={openCreate}
        {...createEventTriggerProps}
        size="icon"
        aria-label={t('home.actions.createEvent')}
        title={t('home.actions.createEvent')}
        data-testid="floating-create"
        // Above the phone's bottom navigation (taller by the home indicator's inset on an iPhone); in the
        // corner on larger screens. Main's bottom padding keeps the last card's buttons clear of it.
        className="fixed end-4 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-30 size-14 rounded-full shadow-xl ring-4 ring-background transition-transform hover:scale-105 sm:end-6 md:end-8 md:bottom-8 [&_svg:not([class*='size-'])]:size-6"
      >
        <Plus aria-hidden />
      </Button>

      <CreateEventDialogLoader open={isCreateOpen} onOpenChange={setIsCreateOpen} />
    </div>
  );
}

function WelcomeBanner({ onCreate, place }: { onCreate: () => void; place: string | null }) {
  const { t } = useTranslation('events');
  const { user } = useAuth();
  const firstName = greetingName(user, t('home.fallbackName'));
  return (
    <section
      aria-labelledby="home-greeting"
      className="relative isolate overflow-hidden rounded-2xl bg-gradient-to-br from-emerald-700 via-emerald-700 to-teal-800 p-6 text-white shadow-lg sm:p-8 dark:from-emerald-900 dark:via-emerald-900 dark:to-teal-950"
    >
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute -end-16 -top-24 size-72 rounded-full bg-radial from-white/10 to-transparent to-70%" />
        <div className="absolute -bottom-28 start-1/3 size-64 rounded-full bg-radial from-amber-300/20 to-transparent to-70%" />
      </div>
      <p className="mb-2 inline-flex items-center gap-1.5 text-sm font-medium text-emerald-50">
        <Sparkles className="size-4" aria-hidden />
        {t('home.kicker')}
      </p>
      {/* 'Welcome' or 'Welcome back' hangs on the clock, and the browser's may disagree with the server's
          that rendered the page: the server's word stands, so hydration never throws the page's HTML away. */}
      <h1
        id="home-greeting"
        className="text-2xl font-bold tracking-tight text-balance sm:text-3xl lg:text-4xl"
        suppressHydrationWarning
      >
        {t(isNewAccount(user, Date.now()) ? 'home.greetingNew' : 'home.greeting', { firstName })}
      </h1>
      <p className="mt-2 max-w-2xl text-base text-emerald-50 sm:text-lg">{t('home.subtitle')}</p>
      {/* Finding events leads: most people come to volunteer, and organizers keep the floating button. */}
      <div className="mt-6 grid grid-cols-1 gap-2.5 min-[420px]:grid-cols-2 sm:flex sm:flex-wrap">
        <Button
          asChild
          variant="inverse"
          className="h-auto min-h-11 justify-start whitespace-normal text-start sm:justify-center"
        >
          <Link
            href={place ? `/events?location=${encodeURIComponent(place)}` : '/events'}
            data-testid="home-find-events"
          >
            <MapPin aria-hidden />
            {t('home.actions.findNearMe')}
          </Link>
        </Button>
        <Button
          variant="inverseOutline"
          onClick={onCreate}
          {...createEventTriggerProps}
          className="h-auto min-h-11 justify-start whitespace-normal text-start sm:justify-center"
        >
          <CalendarPlus aria-hidden />
          {t('home.actions.createEvent')}
        </Button>
        {BANNER_LINKS.map(({ href, icon: Icon, labelKey }) => (
          <Button
            key={href}
            asChild
            variant="inverseOutline"
            className="h-auto min-h-11 justify-start whitespace-normal text-start sm:justify-center"
          >
            <Link href={href}>
              <Icon aria-hidden />
              {t(labelKey)}
            </Link>
          </Button>
        ))}
      </div>
    </section>
  );
}

/** The count of listed events as Active Events, plus the community's figures. */
function HomeStats({ categoryId }: { categoryId: number | null }) {
  const { t, i18n } = useTranslation('events');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const list = useEvents({ category: categoryId });
  const stats = usePublicStats();
  const activeCount = list.isLoading
    ? null
    : `${formatNumber(list.events.length, language)}${list.hasNextPage ? '+' : ''}`;
  return (
    <section aria-label={t('home.stats.label')}>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          icon={CalendarDays}
          tone="bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300"
          label={t('home.stats.activeEvents')}
          testId="stat-active-events"
        >
          {activeCount ?? <Skeleton className="h-7 w-10" />}
        </StatCard>
        {COMMUNITY_STATS.map((stat) => (
          <StatCard
            key={stat.labelKey}
            icon={stat.icon}
            tone={stat.tone}
            label={t(stat.labelKey)}
            testId={`stat-${stat.field}`}
          >
            {stats.data ? (
              formatCompactNumber(stats.data[stat.field], language)
            ) : stats.error ? (
              '–'
            ) : (
              <Skeleton className="h-7 w-10" />
            )}
          </StatCard>
        ))}
      </ul>
    </section>
  );
}

function CategoryChips({
  categoryId,
  onSelect,
}: {
  categoryId: number | null;
  onSelect: (categoryId: number | null) => void;
}) {
  const { t } = useTranslation('events');
  const categories = useCategories();
  const categoryName = useCategoryName();
  return (
    <div
      role="group"
      aria-label={t('home.filterLabel')}
      // Scrolls sideways on a phone instead of wrapping into a wall of chips above the first card. The
      // padding (kept by scroll-padding when focus scrolls a chip in) leaves room for its focus ring,
      // which the scrolling box would otherwise clip.
      className="-mx-4 -my-1 flex scroll-px-4 gap-2 overflow-x-auto px-4 py-1 [scrollbar-width:none] sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 [&::-webkit-scrollbar]:hidden"
      data-testid="category-chips"
    >
      <CategoryChip
        isActive={categoryId === null}
        onClick={() => onSelect(null)}
        icon={LayoutGrid}
        label={t('home.allEvents')}
      />
      {categories.isLoading &&
        Array.from({ length: 5 }, (_, index) => <Skeleton key={index} className="h-9 w-28 shrink-0 rounded-full" />)}
      {(categories.data ?? []).map((category) => (
        <CategoryChip
          key={category.id}
          isActive={categoryId === category.id}
          onClick={() => onSelect(category.id)}
          icon={getCategoryIcon(category.icon)}
          label={categoryName(category.name)}
          styleName={category.name}
        />
      ))}
    </div>
  );
}

function UpcomingEvents({ categoryId, onCreate }: { categoryId: number | null; onCreate: () => void }) {
  const { t } = useTranslation('events');
  const list = useEvents({ category: categoryId });
  const empty =
    categoryId !== null ? (
      <EmptyState icon={SearchX} title={t('list.emptyTitle')} hint={t('list.emptyFilteredHint')} />
    ) : (
      <EmptyState
        icon={CalendarPlus}
        title={t('list.emptyTitle')}
        hint={t('home.emptyHint')}
        action={
          <Button onClick={onCreate} {...createEventTriggerProps}>
            <Plus aria-hidden />
            {t('home.actions.createEvent')}
          </Button>
        }
      />
    );
  return <EventListResults list={list} empty={empty} isLive />;
}

function StatCard({
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
  testId?: string;
}) {
  return (
    <li
      className="flex items-center gap-2.5 rounded-xl border border-border bg-card p-3.5 shadow-sm sm:gap-3 sm:p-5"
      data-testid={testId}
    >
      <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg sm:size-12', tone)}>
        <Icon className="size-5 sm:size-6" aria-hidden />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-xl leading-tight font-bold tabular-nums sm:text-2xl">{children}</span>
        <span className="text-[0.8125rem] leading-snug break-words text-muted-foreground sm:text-sm">{label}</span>
      </span>
    </li>
  );
}

function CategoryChip({
  isActive,
  onClick,
  icon: Icon,
  label,
  styleName,
}: {
  isActive: boolean;
  onClick: () => void;
  icon: LucideIcon;
  label: string;
  styleName?: string;
}) {
  const style = getCategoryStyle(styleName);
  return (
    <button
      type="button"
      onClick={onClick}
      // Keyboard focus does not scroll a half-visible chip in: bring it, with its focus ring, fully into the row.
      onFocus={(event) => event.currentTarget.scrollIntoView({ block: 'nearest', inline: 'nearest' })}
      aria-pressed={isActive}
      className={cn(
        'inline-flex h-9 shrink-0 cursor-pointer items-center gap-1.5 rounded-full border px-3.5 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        isActive
          ? styleName
            ? style.chipActive
            : 'border-primary bg-primary text-primary-foreground'
          : cn(
              'border-border bg-card text-foreground',
              styleName ? style.chipHover : 'hover:border-primary hover:bg-secondary hover:text-secondary-foreground',
            ),
      )}
    >
      <Icon className="size-4" aria-hidden />
      {label}
    </button>
  );
}
