import { Trophy, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AchievementIconTile, achievementTextKey } from './achievement-visuals';
import { useAchievementNotifications, type AchievementNotification } from './use-achievement-notifications';

/** One achievement-unlocked notice (achievement-notices.tsx places it; the provider hides it after 5000 ms). */
export default function AchievementNotice({ item, offset }: { item: AchievementNotification; offset: number }) {
  const { t } = useTranslation(['shell', 'journey']);
  const { dismiss } = useAchievementNotifications();
  const { achievement } = item;
  const textKey = achievementTextKey(achievement.name);
  const name = t(`journey:catalogue.${textKey}.name`, { defaultValue: achievement.name });
  const description = t(`journey:catalogue.${textKey}.description`, { defaultValue: achievement.description });

  return (
    <div
      style={{ top: `calc(var(--notices-top) + ${offset}px)` }}
      className="pointer-events-auto absolute end-4 w-[min(22rem,calc(100vw-2rem))] animate-fade-in overflow-hidden rounded-2xl border border-amber-300/70 bg-card text-card-foreground shadow-xl shadow-amber-900/10 transition-[top] duration-300 dark:border-amber-400/30"
      data-testid="achievement-notice"
    >
      <div className="h-1 bg-gradient-to-r from-amber-400 via-emerald-500 to-teal-500" aria-hidden />
      <div className="flex items-start gap-3 p-3.5 pe-10">
        <AchievementIconTile icon={achievement.icon} color={achievement.color} />
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-amber-800 uppercase dark:text-amber-300">
            <Trophy className="size-3.5" aria-hidden />
            {t('shell:notices.title')}
          </p>
          <p className="mt-0.5 truncate font-semibold" data-testid="achievement-notice-name">
            {name}
          </p>
          <p className="line-clamp-2 text-sm text-muted-foreground">{description}</p>
          <p className="mt-1 text-xs font-semibold text-primary">
            {t('shell:notices.points', { points: achievement.points })}
          </p>
        </div>
      </div>
      <button
        type="button"
        onClick={() => dismiss(item.key)}
        aria-label={t('shell:notices.dismiss', { name })}
        className="absolute end-2 top-3 inline-flex size-8 items-center justify-center rounded-full text-muted-foreground transition-colors hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        data-testid="achievement-notice-close"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
