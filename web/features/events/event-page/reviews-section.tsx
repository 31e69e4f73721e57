import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatOneDecimal } from '@/lib/format-number';
import { ChevronDown, ChevronUp, MessageSquareText, Star } from 'lucide-react';
import type { Event } from '@contract/events';
import type { Rating } from '@contract/ratings';
import { DialogLoading, useHasBeenOpen } from '@/components/dialog-loading';
import { useLazyModule } from '@/lib/use-lazy-module';
import { PersonAvatar } from '@/components/people/person-avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StarDisplay } from './star-rating';
import type { RatingDialogProps } from './rating-dialog';
import { useRatings } from '../api/get-ratings';
import { intlLocale } from '@contract/languages';

// The rating dialog loads on first open (the pointer or focus reaching 'Rate' starts it early).
const loadRatingDialog = () => import('./rating-dialog');
// Reporting a review and the notice of one's own hidden review load only when used or shown: the event
// page's first load carries neither, nor their texts (decisions §20).
const ReportDialog = lazy(() => import('@/components/moderation/report-dialog'));
const HiddenNotice = lazy(() => import('@/components/moderation/hidden-notice'));

/** Reviews shown before the toggle. */
const INITIAL_REVIEW_COUNT = 3;

export interface ReviewsSectionProps {
  event: Pick<Event, 'id' | 'title' | 'organizerId' | 'userRsvpStatus' | 'averageRating' | 'ratingCount'>;
  isPast: boolean;
  currentUserId: string | null;
  language: string;
}

/**
 * Reviews and rating. Rating is offered only once the event is past and the user took part:
 * any of the three statuses counts as 'going'. The server refuses the organizer's own
 * rating, so the organizer is not offered a button that can only fail.
 */
export function ReviewsSection({ event, isPast, currentUserId, language }: ReviewsSectionProps) {
  const { t } = useTranslation('reviews');
  const ratings = useRatings(event.id, isPast);
  const [isExpanded, setIsExpanded] = useState(false);
  const [isDialogOpen, setIsDialogOpen] = useState(false);

  const isOrganizer = currentUserId !== null && currentUserId === event.organizerId;
  const canRate = isPast && event.userRsvpStatus !== null && !isOrganizer;
  const list = ratings.data ?? [];
  const ownRating = currentUserId ? list.find((rating) => rating.userId === currentUserId) : undefined;
  const visible = isExpanded ? list : list.slice(0, INITIAL_REVIEW_COUNT);
  const remaining = list.length - INITIAL_REVIEW_COUNT;

  return (
    <Card aria-labelledby="reviews-heading" role="region">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 pb-4">
        <div className="flex flex-col gap-1">
          <CardTitle id="reviews-heading" className="flex items-center gap-2 text-lg">
            <MessageSquareText className="size-5 text-primary" aria-hidden />
            {t('reviews.title')}
          </CardTitle>
          {isPast && list.length > 0 && (
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
              <Star
                className="size-4 fill-amber-400 text-amber-500 dark:fill-amber-300 dark:text-amber-300"
                aria-hidden
              />
              <span className="font-semibold text-foreground">{formatOneDecimal(event.averageRating, language)}</span>
              <span aria-hidden>·</span>
              <span>{t('reviews.count', { count: list.length })}</span>
            </p>
          )}
        </div>
        {canRate && (
          <Button
            type="button"
            onClick={() => setIsDialogOpen(true)}
            onPointerEnter={() => void loadRatingDialog()}
            onFocus={() => void loadRatingDialog()}
            data-testid="rate-event"
          >
            <Star aria-hidden />
            {ownRating ? t('reviews.rateAgain') : t('reviews.rate')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {!isPast ? (
          <p
            className="rounded-lg bg-muted/60 px-4 py-6 text-center text-sm text-muted-foreground"
            data-testid="reviews-before-end"
          >
            {t('reviews.beforeEnd')}
          </p>
        ) : ratings.isPending ? (
          <div className="flex flex-col gap-4" aria-busy="true">
            {[0, 1].map((key) => (
              <div key={key} className="flex gap-3">
                <Skeleton className="size-10 rounded-full" />
                <div className="flex flex-1 flex-col gap-2">
                  <Skeleton className="h-4 w-1/3" />
                  <Skeleton className="h-4 w-3/4" />
                </div>
              </div>
            ))}
          </div>
        ) : ratings.isError ? (
          <p className="text-sm text-muted-foreground">{t('reviews.loadFailed')}</p>
        ) : list.length === 0 ? (
          <p className="rounded-lg bg-muted/60 px-4 py-6 text-center text-sm text-muted-foreground">
            {canRate ? t('reviews.noneCanRate') : t('reviews.none')}
          </p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-border" data-testid="reviews-list">
              {visible.map((rating) => (
                <ReviewItem key={rating.id} rating={rating} language={language} currentUserId={currentUserId} />
              ))}
            </ul>
            {remaining > 0 && (
              <Button
                type="button"
                variant="ghost"
                className="mt-2 w-full"
                aria-expanded={isExpanded}
                onClick={() => setIsExpanded((value) => !value)}
              >
                {isExpanded ? <ChevronUp aria-hidden /> : <ChevronDown aria-hidden />}
                {isExpanded ? t('reviews.showLess') : t('reviews.showMore', { count: remaining })}
              </Button>
            )}
          </>
        )}
      </CardContent>
      {canRate && (
        <RatingDialogLoader
          eventId={event.id}
          eventTitle={event.title}
          isOpen={isDialogOpen}
          onOpenChange={setIsDialogOpen}
          currentRating={ownRating ? { rating: ownRating.rating, comment: ownRating.comment } : undefined}
        />
      )}
    </Card>
  );
}

function RatingDialogLoader(props: RatingDialogProps) {
  const module = useLazyModule(loadRatingDialog, useHasBeenOpen(props.isOpen));
  if (!module) return props.isOpen ? <DialogLoading /> : null;
  return <module.RatingDialog {...props} />;
}

function ReviewItem({
  rating,
  language,
  currentUserId,
}: {
  rating: Rating;
  language: string;
  currentUserId: string | null;
}) {
  const { t } = useTranslation('reviews');
  const [isReporting, setIsReporting] = useState(false);
  // Anyone signed in reports someone else's review; a guest signs in first, and one's own is not reported.
  const canReport = currentUserId !== null && currentUserId !== rating.userId;
  const first = rating.user.firstName?.trim() || t('event-detail:detail.unknownFirst');
  const last = rating.user.lastName?.trim() || t('event-detail:detail.unknownLast');
  const date = new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(
    new Date(rating.createdAt),
  );
  return (
    <li className="flex gap-3 py-4 first:pt-0 last:pb-0" data-testid="review">
      <PersonAvatar person={rating.user} className="size-10" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
          <p className="truncate font-semibold" dir="auto">
            {first} {last}
          </p>
          <time dateTime={rating.createdAt} className="text-xs text-muted-foreground">
            {date}
          </time>
        </div>
        <StarDisplay value={rating.rating} />
        {rating.comment && (
          <p dir="auto" className="text-sm leading-relaxed break-words whitespace-pre-line text-foreground/90">
            {rating.comment}
          </p>
        )}
        {rating.hiddenNotice && (
          <Suspense fallback={null}>
            <HiddenNotice kind="review" note={rating.hiddenNotice.note} />
          </Suspense>
        )}
        {canReport && (
          <div className="-ms-2 flex">
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="h-8 text-xs text-muted-foreground"
              onClick={() => setIsReporting(true)}
              data-testid="review-report"
            >
              {t('reviews.report')}
            </Button>
          </div>
        )}
        {isReporting && (
          <Suspense fallback={<DialogLoading />}>
            <ReportDialog
              targetType="rating"
              targetId={rating.id}
              name={`${first} ${last}`}
              isOpen
              onOpenChange={setIsReporting}
            />
          </Suspense>
        )}
      </div>
    </li>
  );
}
