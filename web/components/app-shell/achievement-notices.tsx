import { useEffect } from 'react';
import { Trophy, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { AchievementIconTile, achievementTextKey } from './achievement-visuals';
import { useAchievementNotifications, type AchievementNotification } from './use-achievement-notifications';

/** Spec §2, §9: each notice sits 120 px below the previous one and hides itself after 5000 ms. */
export const NOTICE_OFFSET_PX = 120;
export const NOTICE_AUTO_HIDE_MS = 5000;

/** Stacked achievement-unlocked notices, top right (top left in right-to-left languages). */
export function AchievementNotices() {
  const { t } = useTranslation(['shell', 'journey']);
  const { notifications, clear } = useAchievementNotifications();
  const shown = notifications.filter((item) => item.isShown);
  const latest = shown.at(-1)?.achievement;
  return (
    // The stack starts just under the header: 64 px on phones, 108 px with the desktop navigation bar.
    <section
      aria-label={t('shell:notices.region')}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 [--notices-top:76px] md:[--notices-top:120px]"
      data-testid="achievement-notices"
    >
      <div role="status" aria-live="polite" className="sr-only">
        {latest ? t('shell:notices.announce', { name: t(`journey:catalogue.${achievementTextKey(latest.name)}.name`, { defaultValue: latest.name }) }) : ''}
      </div>
      {shown.map((item, index) => (
        <Notice key={item.key} item={item} offset={index * NOTICE_OFFSET_PX} />
      ))}
      {shown.length > 1 && (
        <button
          type="button"
          onClick={clear}
          style={{ top: `calc(var(--notices-top) + ${shown.length * NOTICE_OFFSET_PX}px)` }}
          className="pointer-events-auto absolute end-4 rounded-full border border-border bg-card px-3 py-1 text-xs font-semibold text-foreground shadow-md transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          data-testid="achievement-notices-clear"
        >
          {t('shell:notices.clearAll')}
        </button>
      )}
    </section>
  );
}

function Notice({ item, offset }: { item: AchievementNotification; offset: number }) {
  const { t } = useTranslation(['shell', 'journey']);
  const { hide, dismiss } = useAchievementNotifications();
  const { achievement } = item;
  const textKey = achievementTextKey(achievement.name);
  const name = t(`journey:catalogue.${textKey}.name`, { defaultValue: achievement.name });
  const description = t(`journey:catalogue.${textKey}.description`, { defaultValue: achievement.description });

  useEffect(() => {
    const timer = window.setTimeout(() => hide(item.key), NOTICE_AUTO_HIDE_MS);
    return () => window.clearTimeout(timer);
  }, [hide, item.key]);

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
          <p className="mt-1 text-xs font-semibold text-primary">{t('shell:notices.points', { points: achievement.points })}</p>
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
