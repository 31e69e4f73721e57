import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';

/**
 * The larger view of an event's photos (Radix Dialog: focus trap, Escape, focus returned) that the
 * arrow keys page through, mirrored in right-to-left languages. Loaded by the event page's gallery
 * on first open.
 */
/** The gallery and its viewer share these: the viewer is the gallery's open photo. */
export type PhotoViewerProps = {
  photos: string[];
  title: string;
  openIndex: number | null;
  onOpenIndexChange: (index: number | null) => void;
};

export function PhotoViewerDialog({ photos, title, openIndex, onOpenIndexChange }: PhotoViewerProps) {
  const { t, i18n } = useTranslation('event-detail');
  const isRtl = i18n.dir() === 'rtl';
  const count = photos.length;
  const step = (delta: number) => {
    if (openIndex === null) return;
    onOpenIndexChange((openIndex + delta + count) % count);
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') step(isRtl ? -1 : 1);
    else if (event.key === 'ArrowLeft') step(isRtl ? 1 : -1);
    else return;
    event.preventDefault();
  };

  return (
    <Dialog open={openIndex !== null} onOpenChange={(isOpen) => !isOpen && onOpenIndexChange(null)}>
      <DialogContent
        className="max-w-5xl gap-3 bg-card p-3 sm:p-4"
        onKeyDown={handleKeyDown}
        data-testid="photo-viewer"
      >
        <DialogTitle className="truncate pe-8 text-base">{title}</DialogTitle>
        <DialogDescription data-testid="photo-counter">
          {t('detail.photoCounter', { index: (openIndex ?? 0) + 1, count })}
        </DialogDescription>
        {openIndex !== null && (
          <div className="relative">
            <img
              src={photos[openIndex]}
              alt={t('detail.photoAlt', { index: openIndex + 1, count, title })}
              // One of the photos can be the event's imageUrl, on another site that must not learn this page.
              referrerPolicy="no-referrer"
              className="max-h-[70dvh] w-full rounded-lg bg-muted object-contain"
              data-testid="photo-viewer-image"
            />
            {count > 1 && (
              <>
                <Button
                  type="button"
                  size="icon"
                  variant="secondary"
                  className="absolute start-2 top-1/2 -translate-y-1/2 rounded-full shadow-md"
                  onClick={() => step(-1)}
                  aria-label={t('detail.previousPhoto')}
                >
                  <ChevronLeft className="rtl:rotate-180" aria-hidden />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="secondary"
                  className="absolute end-2 top-1/2 -translate-y-1/2 rounded-full shadow-md"
                  onClick={() => step(1)}
                  aria-label={t('detail.nextPhoto')}
                >
                  <ChevronRight className="rtl:rotate-180" aria-hidden />
                </Button>
              </>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
