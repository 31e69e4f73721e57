import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RATING_COMMENT_MAX } from '@contract/ratings';
import { FormDialog } from '@/components/ui/form-dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/use-toast';
import { StarRatingInput } from './star-rating';
import { useSubmitRating } from '../api/use-ratings';

export interface RatingDialogProps {
  eventId: number;
  eventTitle: string;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The user's own rating, when they rated before: the dialog opens at it. */
  currentRating?: { rating: number; comment: string | null };
}

/** The rating dialog: stars 0–5 with preview, optional comment, pending, closed on success. */
export function RatingDialog({ eventId, eventTitle, isOpen, onOpenChange, currentRating }: RatingDialogProps) {
  const { t } = useTranslation('reviews');
  const labelId = useId();
  const commentId = useId();
  const [rating, setRating] = useState(currentRating?.rating ?? 0);
  const [comment, setComment] = useState(currentRating?.comment ?? '');
  const [isMissingRating, setIsMissingRating] = useState(false);
  const submit = useSubmitRating(eventId, { onSuccess: () => onOpenChange(false) });

  // Every opening starts at what the user said before (0 stars, 'Rate this event', the first
  // time): the new rating replaces the old one, so re-rating starts from it, not from
  // an empty form that reads as if the first rating had been lost.
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) {
      setRating(currentRating?.rating ?? 0);
      setComment(currentRating?.comment ?? '');
      setIsMissingRating(false);
    }
  }

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setIsMissingRating(true);
      toast({ title: t('rating.requiredTitle'), description: t('rating.requiredDescription'), variant: 'destructive' });
      return;
    }
    const trimmed = comment.trim();
    submit.mutate({ rating, comment: trimmed ? trimmed : null });
  };

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      testId="rating-dialog"
      size="compact"
      title={t('rating.dialogTitle')}
      description={t('rating.dialogDescription', { title: eventTitle })}
      onSubmit={handleSubmit}
      cancelLabel={t('rating.cancel')}
      confirmLabel={t('rating.submit')}
      pendingLabel={t('rating.submitting')}
      isPending={submit.isPending}
      isLockedWhilePending
    >
      <div className="flex flex-col items-center gap-1 rounded-lg bg-muted/60 px-3 py-4">
        <span id={labelId} className="sr-only">
          {t('rating.starsGroup')}
        </span>
        <StarRatingInput
          value={rating}
          onChange={(value) => {
            setRating(value);
            setIsMissingRating(false);
          }}
          labelledBy={labelId}
          isInvalid={isMissingRating}
          isDisabled={submit.isPending}
        />
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={commentId}>{t('rating.comment')}</Label>
        <Textarea
          id={commentId}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          placeholder={t('rating.commentPlaceholder')}
          maxLength={RATING_COMMENT_MAX}
          rows={4}
          disabled={submit.isPending}
        />
      </div>
    </FormDialog>
  );
}
