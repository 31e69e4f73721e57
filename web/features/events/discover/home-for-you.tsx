import { Clock, Compass, Lightbulb, MapPin, PenLine, UserPlus, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { Preferences } from '@contract/preferences';
import { Button } from '@/components/ui/button';
import { useIsOnline } from '@/lib/use-is-online';
import { cn } from '@/lib/utils';
import { useCategories } from '../api/get-categories';
import { useMatchingEvents } from '../api/get-preferences';
import { useSavePreferences } from '../api/use-preferences';
import { EventCard, useCategoryName } from './event-card';
import { ForYouPlaceholder, PICKS_ROW, PROMPT_CARD_HEIGHT, TIPS_CARD_HEIGHT } from './home-blocks';

/**
 * Home's first-run blocks, loaded only for the people who see one: the prompt for someone who has not
 * answered the first-run questions (they came in through an RSVP link, say), the one-time explanation of
 * RSVPs and verified hours, and the events matching their answers.
 */
export function HomeIntro({ preferences }: { preferences: Preferences }) {
  return (
    <div className="flex flex-col gap-4">
      {!preferences.hasFinishedOnboarding && <OnboardingPrompt />}
      {!preferences.hasDismissedTips && <HowItWorks />}
    </div>
  );
}

function OnboardingPrompt() {
  const { t } = useTranslation('onboarding');
  const save = useSavePreferences();
  const isOnline = useIsOnline();
  return (
    <section
      aria-labelledby="onboarding-prompt-title"
      className={cn(
        'flex flex-col gap-4 rounded-xl border border-emerald-600/30 bg-emerald-50 p-4 sm:flex-row sm:items-center sm:p-5 dark:border-emerald-400/25 dark:bg-emerald-950/60',
        PROMPT_CARD_HEIGHT,
      )}
      data-testid="onboarding-prompt"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-emerald-600 text-white max-sm:hidden">
        <MapPin className="size-5" aria-hidden />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id="onboarding-prompt-title" className="text-lg font-semibold">
          {t('home.prompt.title')}
        </h2>
        <p className="text-sm text-muted-foreground sm:text-base">{t('home.prompt.text')}</p>
      </div>
      <div className="flex flex-wrap gap-2 sm:shrink-0">
        <Button asChild>
          <Link href="/welcome" data-testid="onboarding-prompt-start">
            <Compass aria-hidden />
            {t('home.prompt.action')}
          </Link>
        </Button>
        <Button
          variant="ghost"
          onClick={() => save.mutate({ action: 'skip' })}
          disabled={save.isPending || !isOnline}
          data-testid="onboarding-prompt-skip"
        >
          {t('home.prompt.dismiss')}
        </Button>
      </div>
    </section>
  );
}

function HowItWorks() {
  const { t } = useTranslation('onboarding');
  const save = useSavePreferences();
  const isOnline = useIsOnline();
  return (
    <section
      aria-labelledby="how-it-works-title"
      className={cn(
        'relative flex flex-col gap-4 rounded-xl border border-border bg-card p-4 shadow-sm sm:p-5',
        TIPS_CARD_HEIGHT,
      )}
      data-testid="how-it-works"
    >
      <h2 id="how-it-works-title" className="flex items-center gap-2 pe-10 text-lg font-semibold">
        <Lightbulb className="size-5 text-primary" aria-hidden />
        {t('home.tips.title')}
      </h2>
      <Button
        variant="ghost"
        size="icon"
        className="absolute end-2 top-2"
        aria-label={t('home.tips.dismiss')}
        title={t('home.tips.dismiss')}
        onClick={() => save.mutate({ action: 'dismissTips' })}
        disabled={save.isPending || !isOnline}
      >
        <X aria-hidden />
      </Button>
      <ul className="grid gap-4 lg:grid-cols-2">
        <Tip icon={UserPlus} title={t('home.tips.rsvpTitle')} text={t('home.tips.rsvpText')} />
        <Tip icon={Clock} title={t('home.tips.hoursTitle')} text={t('home.tips.hoursText')} />
      </ul>
      <Button
        variant="outline"
        className="self-start"
        onClick={() => save.mutate({ action: 'dismissTips' })}
        disabled={save.isPending || !isOnline}
        data-testid="how-it-works-dismiss"
      >
        {t('home.tips.dismiss')}
      </Button>
    </section>
  );
}

function Tip({ icon: Icon, title, text }: { icon: typeof Clock; title: string; text: string }) {
  return (
    <li className="flex gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300">
        <Icon className="size-5" aria-hidden />
      </span>
      <span className="flex flex-col gap-0.5">
        <span className="font-medium">{title}</span>
        <span className="text-sm text-muted-foreground">{text}</span>
      </span>
    </li>
  );
}

/** The events matching the person's place and categories, before the full list. */
export function HomePicks({ preferences }: { preferences: Preferences }) {
  const { t } = useTranslation('onboarding');
  const matching = useMatchingEvents(true);
  const categories = useCategories();
  const categoryName = useCategoryName();
  const chosenNames = (categories.data ?? [])
    .filter((category) => preferences.categoryIds.includes(category.id))
    .map((category) => categoryName(category.name));
  if (matching.isLoading) return <ForYouPlaceholder />;
  const events = matching.data ?? [];
  return (
    <section aria-labelledby="for-you-title" className="flex flex-col gap-3" data-testid="for-you">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
        <div className="flex min-w-0 flex-col gap-1">
          <h2 id="for-you-title" className="text-xl font-bold tracking-tight sm:text-2xl">
            {t('home.forYou.title')}
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="for-you-summary">
            {[preferences.place && t('home.forYou.near', { place: preferences.place }), chosenNames.join(', ')]
              .filter(Boolean)
              .map((part, index) => (
                <span key={index} dir="auto">
                  {index > 0 && ' · '}
                  {part}
                </span>
              ))}
          </p>
        </div>
        <Button asChild variant="ghost" size="sm">
          <Link href="/welcome" data-testid="for-you-edit">
            <PenLine aria-hidden />
            {t('home.forYou.edit')}
          </Link>
        </Button>
      </div>
      {events.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-card/60 px-4 py-6 text-center text-sm text-muted-foreground">
          {t('home.forYou.empty')}
        </p>
      ) : (
        <ul className={PICKS_ROW} data-testid="for-you-events">
          {events.map((event) => (
            <li key={event.id} className="flex snap-start">
              <EventCard event={event} className="w-full" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
