import { OctagonAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * What the author of hidden content reads on its page (decisions §20): that a moderator hid it, that
 * only they see it, and the moderator's note. Rendered only when there is a notice, so the moderation
 * texts load for that author alone.
 */
export default function HiddenNotice({ kind, note }: { kind: 'event' | 'review'; note: string | null }) {
  const { t } = useTranslation('moderation');
  return (
    <div
      role="status"
      className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-700/70 dark:bg-amber-950/40 dark:text-amber-100"
      data-testid="hidden-notice"
    >
      <OctagonAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
      <div className="min-w-0">
        <p className="font-semibold">{kind === 'event' ? t('hidden.eventTitle') : t('hidden.reviewTitle')}</p>
        <p className="mt-1 break-words">
          {note === null ? (
            t('hidden.noReason')
          ) : (
            <>
              {t('hidden.body')} <span dir="auto">{note}</span>
            </>
          )}
        </p>
      </div>
    </div>
  );
}
