import { useEffect, useState, type ComponentType, type SVGProps } from 'react';
import {
  Award,
  BarChart3,
  CalendarCheck,
  CheckCircle2,
  Clock,
  LoaderCircle,
  Lock,
  Star,
  TrendingUp,
  Trophy,
  Zap,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { experienceTowardNextLevel, levelForExperience, XP_PER_LEVEL } from '@contract/journey';
import { ACHIEVEMENT_BAR, AchievementIconTile, achievementTextKey } from '@/components/app-shell/achievement-visuals';
import { fireConfetti } from '@/components/app-shell/fire-confetti';
import { LoadError } from '@/components/app-shell/page-states';
import { useUnauthorizedFallback } from '@/components/app-shell/use-unauthorized-fallback';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { useHoursByMonth } from './api/get-hours-by-month';
import { HoursChart } from './hours-chart';
import {
  achievementEntries,
  eventsAttended,
  monthsOfChart,
  type AchievementEntry,
  type AchievementState,
} from './journey-figures';
import { VerifiedHoursCard } from './verified-hours-card';
import { useUserStats } from '@/lib/api/get-user-stats';
import { useAchievementCatalogue, useUserAchievements } from './api/get-achievements';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const SECTIONS: { state: AchievementState; titleKey: string; icon: Icon; emptyKey: string }[] = [
  { state: 'completed', titleKey: 'sections.completed', icon: CheckCircle2, emptyKey: 'sections.completedEmpty' },
  { state: 'inProgress', titleKey: 'sections.inProgress', icon: TrendingUp, emptyKey: 'sections.inProgressEmpty' },
  { state: 'locked', titleKey: 'sections.locked', icon: Lock, emptyKey: 'sections.lockedEmpty' },
];

export default function JourneyPage() {
  const { t, i18n } = useTranslation('journey');
  const language = i18n.resolvedLanguage ?? 'en';
  const stats = useUserStats();
  const catalogue = useAchievementCatalogue();
  const records = useUserAchievements();
  const hours = useHoursByMonth();
  useUnauthorizedFallback(stats.error, catalogue.error, records.error, hours.error);
  const [selected, setSelected] = useState<AchievementEntry | null>(null);

  const core = [stats, catalogue, records];
  if (core.some((query) => query.isLoading)) {
    return (
      <div
        role="status"
        className="flex min-h-[60dvh] flex-col items-center justify-center gap-3 text-muted-foreground"
        data-testid="journey-loading"
      >
        <LoaderCircle className="size-10 animate-spin text-primary" aria-hidden />
        <span className="text-sm">{t('loading')}</span>
      </div>
    );
  }
  if (!stats.data || !catalogue.data || !records.data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <LoadError onRetry={() => core.forEach((query) => void query.refetch())} />
      </div>
    );
  }

  const entries = achievementEntries(catalogue.data, records.data.achievements);
  const completedCount = entries.filter((entry) => entry.state === 'completed').length;
  const experience = stats.data.experience;
  const level = levelForExperience(experience);
  const towardNext = experienceTowardNextLevel(experience);
  const number = new Intl.NumberFormat(language);
  const oneDecimal = new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('title')}</h1>
        <p className="text-sm text-muted-foreground sm:text-base">{t('subtitle')}</p>
      </header>

      <section aria-label={t('stats.label')} className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard
          icon={Clock}
          tone="bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-300"
          label={t('stats.totalHours')}
          value={number.format(stats.data.verifiedHours)}
          detail={t('verified.plannedDetail', { hours: number.format(stats.data.totalHours) })}
          testId="journey-total-hours"
        />
        <StatCard
          icon={CalendarCheck}
          tone="bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300"
          label={t('stats.eventsAttended')}
          value={number.format(eventsAttended(stats.data))}
          detail={
            stats.data.attendanceRecord.attended + stats.data.attendanceRecord.noShows > 0
              ? t('stats.record', stats.data.attendanceRecord)
              : undefined
          }
          testId="journey-events-attended"
        />
        <StatCard
          icon={Star}
          tone="bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300"
          label={t('stats.averageRating')}
          value={oneDecimal.format(stats.data.averageRating)}
          testId="journey-average-rating"
        />
        <StatCard
          icon={Trophy}
          tone="bg-violet-100 text-violet-800 dark:bg-violet-400/15 dark:text-violet-300"
          label={t('stats.achievements')}
          value={number.format(completedCount)}
          detail={t('stats.unlocked', {
            formattedCount: number.format(completedCount),
            formattedTotal: number.format(entries.length),
          })}
          testId="journey-achievements"
        />
      </section>

      <VerifiedHoursCard />

      <div className="mt-6 grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section
          aria-labelledby="level-title"
          className="relative overflow-hidden rounded-2xl bg-gradient-to-br from-emerald-700 to-teal-800 p-6 text-white shadow-lg dark:from-emerald-800 dark:to-teal-900"
          data-testid="level-card"
        >
          <div
            aria-hidden
            className="pointer-events-none absolute -end-10 -top-10 size-44 rounded-full bg-radial from-white/10 to-transparent to-70%"
          />
          <div className="flex items-center justify-between gap-4">
            <div>
              <h2 id="level-title" className="text-sm font-medium text-emerald-50">
                {t('level.title')}
              </h2>
              <p className="mt-1 text-4xl font-extrabold tracking-tight" data-testid="level-value">
                {t('level.value', { level: number.format(level) })}
              </p>
            </div>
            <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-white/15" aria-hidden>
              <Zap className="size-7" />
            </span>
          </div>
          <Progress
            value={towardNext}
            max={XP_PER_LEVEL}
            aria-label={t('level.progressLabel')}
            className="mt-6 h-3 bg-white/25 [&>*]:bg-amber-300"
            data-testid="level-progress"
          />
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="font-semibold" data-testid="level-next">
              {t('level.toNext', { current: number.format(towardNext), total: number.format(XP_PER_LEVEL) })}
            </span>
            <span className="text-emerald-50" data-testid="level-total-xp">
              {t('level.totalXp', { xp: number.format(experience) })}
            </span>
          </div>
        </section>

        <section
          aria-labelledby="chart-title"
          className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-6"
        >
          <h2 id="chart-title" className="flex items-center gap-2 font-semibold">
            <BarChart3 className="size-5 text-primary" aria-hidden />
            {t('chart.title')}
          </h2>
          <p className="mb-4 text-sm text-muted-foreground">{t('chart.subtitle')}</p>
          {hours.data ? (
            <HoursChart months={monthsOfChart(hours.data)} />
          ) : hours.error ? (
            <p className="text-sm text-muted-foreground">{t('common:status.error')}</p>
          ) : (
            <div
              className="flex h-40 items-center justify-center"
              role="status"
              aria-label={t('common:status.loading')}
            >
              <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden />
            </div>
          )}
        </section>
      </div>

      {SECTIONS.map((section) => {
        const items = entries.filter((entry) => entry.state === section.state);
        return (
          <section
            key={section.state}
            aria-labelledby={`section-${section.state}`}
            className="mt-8"
            data-testid={`section-${section.state}`}
          >
            <h2 id={`section-${section.state}`} className="flex items-center gap-2 text-lg font-semibold">
              <section.icon
                className={cn('size-5', section.state === 'completed' ? 'text-primary' : 'text-muted-foreground')}
                aria-hidden
              />
              {t(section.titleKey)}
              <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
                {number.format(items.length)}
              </span>
            </h2>
            {items.length === 0 ? (
              <p className="mt-3 rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
                {t(section.emptyKey)}
              </p>
            ) : (
              <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {items.map((entry) => (
                  <li key={entry.achievement.id} className="min-w-0">
                    <AchievementCard entry={entry} onOpen={() => setSelected(entry)} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        );
      })}

      <UnlockedDialog entry={selected} onClose={() => setSelected(null)} />
    </div>
  );
}

function StatCard({
  icon: IconComponent,
  tone,
  label,
  value,
  detail,
  testId,
}: {
  icon: Icon;
  tone: string;
  label: string;
  value: string;
  detail?: string;
  testId: string;
}) {
  return (
    <div
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm sm:p-5"
      data-testid={testId}
    >
      <span className={cn('inline-flex size-10 items-center justify-center rounded-xl', tone)} aria-hidden>
        <IconComponent className="size-5" />
      </span>
      <div>
        <p className="text-2xl font-bold tracking-tight tabular-nums sm:text-3xl" data-testid={`${testId}-value`}>
          {value}
        </p>
        <p className="mt-0.5 text-sm font-medium text-muted-foreground">{label}</p>
        {detail && (
          <p className="mt-0.5 text-xs text-muted-foreground" data-testid={`${testId}-detail`}>
            {detail}
          </p>
        )}
      </div>
    </div>
  );
}

function useAchievementText(entry: AchievementEntry) {
  const { t } = useTranslation('journey');
  const key = achievementTextKey(entry.achievement.name);
  return {
    name: t(`catalogue.${key}.name`, { defaultValue: entry.achievement.name }),
    description: t(`catalogue.${key}.description`, { defaultValue: entry.achievement.description }),
  };
}

function AchievementCard({ entry, onOpen }: { entry: AchievementEntry; onOpen: () => void }) {
  const { t, i18n } = useTranslation('journey');
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en');
  const { achievement, progress, state } = entry;
  const { name, description } = useAchievementText(entry);
  const shownProgress = Math.min(progress, achievement.requirement);
  const body = (
    <>
      <div className="flex items-start gap-3">
        <AchievementIconTile icon={achievement.icon} color={achievement.color} isMuted={state === 'locked'} />
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-2 font-semibold" data-testid="achievement-name">
            {/* German names are single long words ("Veranstaltungsgründer"): they may break rather than
                push the card past a phone's edge. */}
            <span className="min-w-0 hyphens-auto [overflow-wrap:anywhere]">{name}</span>
            {state === 'completed' && <CheckCircle2 className="size-4 shrink-0 text-primary" aria-hidden />}
          </p>
          <p className="text-sm text-muted-foreground" data-testid="achievement-requirement">
            {description}
          </p>
        </div>
        <span className="shrink-0 rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
          {t('xp', { points: number.format(achievement.points) })}
        </span>
      </div>
      <div className="mt-3">
        <div className="mb-1 flex items-center justify-between gap-2 text-xs text-muted-foreground">
          <span>{t('progress')}</span>
          <span className="tabular-nums" data-testid="achievement-progress">
            {number.format(shownProgress)}/{number.format(achievement.requirement)}
          </span>
        </div>
        <Progress
          value={shownProgress}
          max={achievement.requirement}
          aria-label={t('progressLabel', { name })}
          className={cn(
            'h-2',
            state === 'locked' ? 'bg-muted' : 'bg-muted',
            state !== 'locked' && ACHIEVEMENT_BAR[achievement.color],
          )}
        />
      </div>
    </>
  );
  const className = cn(
    'flex h-full w-full flex-col rounded-2xl border border-border bg-card p-4 text-start shadow-sm',
    state === 'locked' && 'bg-card/60',
  );
  if (state !== 'completed') {
    return (
      <div className={className} data-testid="achievement-card" data-state={state}>
        {body}
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      className={cn(
        className,
        'cursor-pointer transition-[box-shadow,border-color] hover:border-primary/50 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
      )}
      data-testid="achievement-card"
      data-state={state}
    >
      {body}
    </button>
  );
}

function UnlockedDialog({ entry, onClose }: { entry: AchievementEntry | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('journey');
  const isOpen = entry !== null;
  useEffect(() => {
    if (isOpen) void fireConfetti();
  }, [isOpen]);
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-sm text-center" data-testid="unlocked-dialog">
        {entry && <UnlockedBody entry={entry} language={i18n.resolvedLanguage ?? 'en'} />}
        <DialogFooter className="sm:justify-center">
          <Button onClick={onClose} className="w-full sm:w-auto" data-testid="continue-journey">
            {t('dialog.continue')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function UnlockedBody({ entry, language }: { entry: AchievementEntry; language: string }) {
  const { t } = useTranslation('journey');
  const { name, description } = useAchievementText(entry);
  const number = new Intl.NumberFormat(language);
  const unlockedOn = entry.unlockedAt
    ? new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(entry.unlockedAt))
    : null;
  return (
    <DialogHeader className="items-center sm:text-center">
      <div className="relative mb-2">
        <span
          aria-hidden
          className="absolute inset-0 animate-pulse rounded-3xl bg-radial from-amber-300/40 to-transparent to-70%"
        />
        <AchievementIconTile
          icon={entry.achievement.icon}
          color={entry.achievement.color}
          className="relative size-20 rounded-3xl [&>svg]:size-10"
        />
      </div>
      <DialogTitle className="flex items-center gap-2 text-xl">
        <Award className="size-5 text-amber-600 dark:text-amber-300" aria-hidden />
        {t('dialog.title')}
      </DialogTitle>
      <p className="text-lg font-semibold" data-testid="unlocked-name">
        {name}
      </p>
      <DialogDescription>{description}</DialogDescription>
      <p className="mt-1 inline-flex items-center gap-2 rounded-full bg-secondary px-3 py-1 text-sm font-semibold text-secondary-foreground">
        <Zap className="size-4" aria-hidden />
        {t('xp', { points: number.format(entry.achievement.points) })}
      </p>
      {unlockedOn && <p className="text-xs text-muted-foreground">{t('dialog.unlockedOn', { date: unlockedOn })}</p>}
    </DialogHeader>
  );
}
