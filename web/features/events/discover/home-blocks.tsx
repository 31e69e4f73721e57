import type { Preferences } from '@contract/preferences';
import { Skeleton } from '@/components/ui/skeleton';
import { EventCardSkeleton } from './event-card-skeleton';

/** Which of Home's first-run blocks a person sees: decided from the answers the page came with. */
export type HomeBlocks = { hasPrompt: boolean; hasTips: boolean; hasIntro: boolean; hasPicks: boolean };

export function homeBlocksOf(preferences: Preferences | undefined): HomeBlocks {
  if (!preferences) return { hasPrompt: false, hasTips: false, hasIntro: false, hasPicks: false };
  const hasPrompt = !preferences.hasFinishedOnboarding;
  const hasTips = !preferences.hasDismissedTips;
  return {
    hasPrompt,
    hasTips,
    hasIntro: hasPrompt || hasTips,
    hasPicks: preferences.place !== null || preferences.categoryIds.length > 0,
  };
}

/**
 * The heights the intro's cards take (home-for-you.tsx uses the same classes as their minimum), so the
 * placeholder the page renders first holds their room and nothing below moves when they arrive.
 */
export const PROMPT_CARD_HEIGHT = 'min-h-[11.5rem] sm:min-h-[8.5rem]';
export const TIPS_CARD_HEIGHT = 'min-h-[21rem] sm:min-h-[14rem] lg:min-h-[11.5rem]';

export function IntroPlaceholder({ blocks }: { blocks: HomeBlocks }) {
  return (
    <div aria-hidden className="flex flex-col gap-4">
      {blocks.hasPrompt && <Skeleton isPulsing={false} className={`${PROMPT_CARD_HEIGHT} w-full rounded-xl`} />}
      {blocks.hasTips && <Skeleton isPulsing={false} className={`${TIPS_CARD_HEIGHT} w-full rounded-xl`} />}
    </div>
  );
}

/** The picks' row: one card on a phone, two, then three beside each other on larger screens. */
export const PICKS_ROW =
  'grid snap-x snap-mandatory auto-cols-[85%] grid-flow-col gap-4 overflow-x-auto pb-2 sm:auto-cols-[calc(50%-0.5rem)] lg:auto-cols-[calc((100%-2rem)/3)]';

export function ForYouPlaceholder() {
  return (
    <div aria-hidden className="flex flex-col gap-4">
      <Skeleton isPulsing={false} className="h-8 w-48" />
      <div className={PICKS_ROW}>
        {Array.from({ length: 3 }, (_, index) => (
          <EventCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
