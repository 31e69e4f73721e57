import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { useLazyModule } from '@/lib/use-lazy-module';
import { achievementTextKey } from './achievement-text-key';
import { useAchievementNotifications } from './use-achievement-notifications';

// The notice card, the catalogue's icons and its translations (journey namespace) load with the
// first notice, not with every page.
const loadNotice = () =>
  Promise.all([import('./achievement-notice'), i18n.loadNamespaces('journey')]).then(([module]) => module);

/** Each notice sits 120 px below the previous one and hides itself after 5000 ms (timed by the provider). */
const NOTICE_OFFSET_PX = 120;
export const NOTICE_AUTO_HIDE_MS = 5000;

/** Stacked achievement-unlocked notices, top right (top left in right-to-left languages). */
export function AchievementNotices() {
  const { t } = useTranslation('shell');
  const { notifications, clear } = useAchievementNotifications();
  const shown = notifications.filter((item) => item.isShown);
  const latest = shown.at(-1)?.achievement;
  const notice = useLazyModule(loadNotice, shown.length > 0);
  return (
    // The stack starts just under the header: 64 px on phones, 108 px with the desktop navigation bar.
    <section
      aria-label={t('shell:notices.region')}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 [--notices-top:76px] md:[--notices-top:120px]"
      data-testid="achievement-notices"
    >
      <div role="status" aria-live="polite" className="sr-only">
        {latest && notice ? <Announcement name={latest.name} /> : ''}
      </div>
      {notice &&
        shown.map((item, index) => <notice.default key={item.key} item={item} offset={index * NOTICE_OFFSET_PX} />)}
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

function Announcement({ name }: { name: string }) {
  const { t } = useTranslation(['shell', 'journey']);
  return t('shell:notices.announce', {
    name: t(`journey:catalogue.${achievementTextKey(name)}.name`, { defaultValue: name }),
  });
}
