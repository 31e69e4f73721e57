import { useState } from 'react';
import { Link } from 'wouter';
import { Ban, CalendarClock, CalendarDays, CircleCheck, ListPlus, MapPin, Settings2, Star, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@contract/events';
import { EVENT_CARD_PHOTO_SIZES, photoSources } from '@contract/photos';
import { PersonAvatar } from '@/components/people/person-avatar';
import { buttonVariants } from '@/components/ui/button';
import { useAuth } from '@/lib/use-auth';
import { cn } from '@/lib/utils';
import { CategoryBadge } from '../components/category-badge';
import { getCategoryIcon, getCategoryStyle } from '../components/category-style';
import { formatEventDate } from '../components/format-event-date';
import { formatOneDecimal } from '@/lib/format-number';
import { RsvpControl } from '../event-page/rsvp-control';
import { formatDistance } from './format-distance';

/** The cover picture: the event's image URL, else its first uploaded photo. */
function coverImage(event: Pick<Event, 'imageUrl' | 'images'>): string | null {
  return event.imageUrl || event.images[0] || null;
}

export function isEventPast(event: Pick<Event, 'date'>, now = Date.now()): boolean {
  return new Date(event.date).getTime() <= now;
}

/** Full when rsvpCount >= maxAttendees; without a maximum it never fills. */
function isEventFull(event: Pick<Event, 'rsvpCount' | 'maxAttendees'>): boolean {
  return event.maxAttendees !== null && event.rsvpCount >= event.maxAttendees;
}

/** Category names come from the server in English; known ones are shown in the user's language. */
export function useCategoryName() {
  const { t } = useTranslation('events');
  return (name: string | null | undefined) =>
    name ? t(`categories.${name}`, { defaultValue: name }) : t('card.defaultCategory');
}

export function EventCard({ event, className }: { event: Event; className?: string }) {
  const { t, i18n } = useTranslation('events');
  const categoryName = useCategoryName();
  const [isImageBroken, setIsImageBroken] = useState(false);
  const style = getCategoryStyle(event.category?.name);
  const CategoryIcon = getCategoryIcon(event.category?.icon);
  const image = isImageBroken ? null : coverImage(event);
  const imageSources = image ? photoSources(image) : null;
  const isPast = isEventPast(event);
  const isCancelled = event.status === 'cancelled';
  const isFull = isEventFull(event);
  // A full upcoming event still takes names for its waitlist: say so, or the card reads as a dead end.
  const isWaitlistOpen = isFull && !isPast && !isCancelled;
  const isOwnEvent = useAuth().user?.id === event.organizerId;
  const language = i18n.resolvedLanguage ?? 'en';
  const date = formatEventDate(event.date, {
    language,
    todayLabel: t('common:time.today'),
    tomorrowLabel: t('common:time.tomorrow'),
  });
  const rating = formatOneDecimal(event.averageRating, language);
  const organizerName =
    [event.organizer.firstName, event.organizer.lastName].filter(Boolean).join(' ') ||
    event.organizer.email ||
    t('card.unknownOrganizer');
  const attendance = event.maxAttendees !== null ? `${event.rsvpCount}/${event.maxAttendees}` : String(event.rsvpCount);

  return (
    <article
      data-testid="event-card"
      data-event-id={event.id}
      className={cn(
        // The title link stretches over the whole card (its ::after), so a click anywhere opens the
        // event and Enter on the focused link does too; the ring shows on the card it stands for.
        'group relative flex flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm transition-[box-shadow,transform,border-color] duration-200 hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-lg has-[a[data-card-link]:focus-visible]:ring-[3px] has-[a[data-card-link]:focus-visible]:ring-ring/60 motion-reduce:hover:translate-y-0',
        className,
      )}
    >
      <div className="relative aspect-[2/1] overflow-hidden bg-muted sm:aspect-[16/9]">
        {/* The category cover stays underneath, so a photo still loading shows colour, not a grey hole. */}
        <div
          aria-hidden
          className={cn('absolute inset-0 flex items-center justify-center bg-gradient-to-br', style.cover)}
        >
          <CategoryIcon className={cn('size-12 opacity-80', style.coverIcon)} strokeWidth={1.5} />
        </div>
        {imageSources && (
          // A phone loads the 800 px rendition, not the 1600 px photo; the box has its own aspect ratio.
          <img
            sizes={EVENT_CARD_PHOTO_SIZES}
            srcSet={imageSources.srcSet}
            src={imageSources.src}
            width={800}
            height={450}
            alt=""
            loading="lazy"
            decoding="async"
            // An event's imageUrl is another site's: it must not learn which page the viewer is on.
            referrerPolicy="no-referrer"
            onError={() => setIsImageBroken(true)}
            className="relative size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:group-hover:scale-100"
          />
        )}
        {isCancelled ? (
          <span
            className="absolute end-3 top-3 inline-flex items-center gap-1 rounded-full bg-red-700/90 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur-sm"
            data-testid="event-card-cancelled"
          >
            <Ban className="size-3.5" aria-hidden />
            {t('card.cancelled')}
          </span>
        ) : isPast ? (
          <span className="absolute end-3 top-3 inline-flex items-center gap-1 rounded-full bg-stone-900/85 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur-sm">
            <CircleCheck className="size-3.5" aria-hidden />
            {t('card.completed')}
          </span>
        ) : (
          isWaitlistOpen && (
            <span
              className="absolute end-3 top-3 inline-flex items-center gap-1 rounded-full bg-amber-900/90 px-2.5 py-1 text-xs font-semibold text-white backdrop-blur-sm"
              data-testid="event-card-waitlist-open"
            >
              <ListPlus className="size-3.5" aria-hidden />
              {t('card.waitlistOpen')}
            </span>
          )
        )}
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CategoryBadge
            name={event.category?.name}
            icon={event.category?.icon}
            label={categoryName(event.category?.name)}
            testId="event-card-category"
          />
          {event.ratingCount > 0 ? (
            <span
              className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold"
              data-testid="event-card-rating"
            >
              <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden />
              <span className="sr-only">{t('card.ratingLabel')}</span>
              {rating}
            </span>
          ) : (
            // An average of nothing is not 0.0 stars: it would read as a badly rated event.
            <span className="shrink-0 text-xs font-medium text-muted-foreground" data-testid="event-card-rating">
              {t('card.noRatings')}
            </span>
          )}
        </div>

        <div className="flex flex-col gap-1.5">
          <h3 className="text-base leading-snug font-semibold text-balance">
            <Link
              href={`/events/${event.id}`}
              data-card-link
              dir="auto"
              className="rounded-sm outline-none after:absolute after:inset-0 after:content-[''] hover:text-primary"
            >
              {event.title}
            </Link>
          </h3>
          <p dir="auto" className="line-clamp-2 text-sm text-muted-foreground" data-testid="event-card-description">
            {event.description}
          </p>
        </div>

        <ul className="flex flex-col gap-1.5 text-sm text-muted-foreground">
          <li className="flex min-w-0 items-center gap-2">
            <MapPin className="size-4 shrink-0 text-primary" aria-hidden />
            <span className="sr-only">{t('card.locationLabel')}</span>
            <span dir="auto" className="truncate">
              {event.location}
            </span>
            {/* In a list asked with ?near= (Use My Location): how far it is. */}
            {event.distanceKm !== null && (
              <span className="shrink-0 font-medium text-foreground" data-testid="event-card-distance">
                <span className="sr-only">{t('card.distanceLabel')}</span>
                <span aria-hidden>· </span>
                {formatDistance(event.distanceKm, i18n.language)}
              </span>
            )}
          </li>
          <li className="flex min-w-0 items-center gap-2">
            <CalendarDays className="size-4 shrink-0 text-primary" aria-hidden />
            <span className="sr-only">{t('card.dateLabel')}</span>
            <time dateTime={event.date} className="truncate" data-testid="event-card-date">
              {date}
            </time>
          </li>
          {event.slotCount > 0 && (
            <li className="flex min-w-0 items-center gap-2" data-testid="event-card-slot-places">
              <CalendarClock className="size-4 shrink-0 text-primary" aria-hidden />
              <span className="truncate">
                {t('card.slotPlacesOfTotal', { open: event.openSlotPlaces, count: event.slotPlaces })}
              </span>
            </li>
          )}
        </ul>

        <div className="mt-auto flex items-center justify-between gap-2 border-t border-border pt-3">
          <div className="flex min-w-0 items-center gap-2.5">
            <PersonAvatar
              person={event.organizer}
              className="size-8 ring-2 ring-background"
              fallbackClassName="text-xs"
              title={organizerName}
              initialTestId="event-card-organizer-initial"
            />
            <span className="sr-only">{t('card.organizedBy', { name: organizerName })}</span>
            {event.organization && (
              <span
                className="max-w-32 truncate text-xs text-muted-foreground"
                dir="auto"
                data-testid="event-card-organization"
              >
                {event.organization.name}
              </span>
            )}
            <span className="inline-flex items-center gap-1 text-sm font-medium text-muted-foreground">
              <Users className="size-4 shrink-0" aria-hidden />
              <span className="sr-only">{t('card.attendeesLabel')}</span>
              <span data-testid="event-card-attendance" dir="ltr">
                {attendance}
              </span>
            </span>
          </div>
          {/* Above the stretched link, so using the control never opens the card. */}
          {/* A cancelled event takes no answers: the server would refuse them. */}
          {/* The organizer answers no RSVP to their own event: their card leads to its tools instead. */}
          {isOwnEvent && !isCancelled ? (
            <Link
              href={`/events/${event.id}#organizer-tools`}
              className={cn(buttonVariants({ variant: 'outline', size: 'sm' }), 'relative z-10 shrink-0')}
              data-testid="event-card-manage"
            >
              <Settings2 aria-hidden />
              {t('card.manage')}
              <span className="sr-only">: {event.title}</span>
            </Link>
          ) : (
            !isPast &&
            !isCancelled &&
            // An event with a schedule is joined slot by slot, on its page.
            (event.slotCount > 0 ? (
              <Link
                href={`/events/${event.id}#schedule`}
                className={cn(buttonVariants({ size: 'sm' }), 'relative z-10 shrink-0')}
                data-testid="event-card-choose-slots"
              >
                {t('card.chooseSlots')}
                <span className="sr-only">: {event.title}</span>
              </Link>
            ) : (
              <div className="relative z-10 shrink-0">
                <RsvpControl eventId={event.id} userRsvpStatus={event.userRsvpStatus} isFull={isFull} />
              </div>
            ))
          )}
        </div>
      </div>
    </article>
  );
}
