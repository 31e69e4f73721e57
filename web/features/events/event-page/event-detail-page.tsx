import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import {
  ArrowLeft,
  CalendarDays,
  CalendarX2,
  CheckCircle2,
  CircleSlash,
  Clock,
  Images,
  MapPin,
  Star,
  Ticket,
  Users,
} from 'lucide-react';
import type { Event } from '@contract/events';
import { EVENT_PAGE_PHOTO_SIZES, photoSources } from '@contract/photos';
import { DialogLoading, useHasBeenOpen } from '@/components/dialog-loading';
import { useDisplayTimeZone } from '@/lib/display-time-zone';
import { useLazyModule } from '@/lib/use-lazy-module';
import { PersonAvatar } from '@/components/people/person-avatar';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useCurrentUser } from '@/components/app-shell/use-current-user';
import { cn } from '@/lib/utils';
import { AddToCalendar } from './add-to-calendar';
import { CategoryBadge } from '../components/category-badge';
import { EventDetailSkeleton } from './event-detail-skeleton';
import { QuickShareCard } from '../share/quick-share-card';
import { ReviewsSection } from './reviews-section';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { ParticipationCard } from './participation-card';
import { ShareButton } from '../share/share-button';
import { useEventDocumentMeta } from './use-document-meta';
import { useEvent } from '../api/get-event';
import { isEventPast } from '../components/event-state';
import type { PhotoViewerProps } from './photo-viewer-dialog';
import '../components/english-event-texts';

// The organizer's tools (and their dialogs' code) load only for the event's organizer: every other
// visitor's first load stays within the 175 kB budget. Preloaded as soon as the page knows.
const OrganizerPanel = lazyWithPreload(() =>
  import('../organize/organizer-panel').then((module) => ({ default: module.OrganizerPanel })),
);
// The attendee list (confirmations, each person's record, the attendance sheet) is the organizer's too.
const AttendeeSection = lazyWithPreload(() =>
  import('../organize/attendee-list').then((module) => ({ default: module.AttendeeSection })),
);
// The schedule (slots) loads on its own, only for an event that has slots or for its organizer.
const ScheduleSection = lazyWithPreload(() =>
  import('../schedule/schedule-section').then((module) => ({ default: module.ScheduleSection })),
);

/**
 * The lazy parts the server rendered into this page, loaded before the app hydrates it (web/app/routes.tsx).
 * A part whose code was still on its way when a tap or an update reached it could not be hydrated: React
 * removed its server HTML and drew it again once the code came. For that moment the organizer's tools were
 * gone and the sidebar below moved up under the finger: a tap on "Check people in" pressed on it and was
 * released on the calendar links (reproduced in about one load in thirty at a third of the CPU).
 */
export function preloadRenderedParts(): Promise<unknown> {
  const isRendered = (id: string) => document.getElementById(id) !== null;
  return Promise.all([
    isRendered('organizer-tools') ? OrganizerPanel.preload() : null,
    isRendered('schedule') ? ScheduleSection.preload() : null,
    isRendered('attendees') ? AttendeeSection.preload() : null,
  ]);
}
import { formatOneDecimal } from '@/lib/format-number';
import { intlLocale } from '@contract/languages';

const loadPhotoViewer = () => import('./photo-viewer-dialog');
const loadTicketCard = () => import('./ticket-card');
// The report dialog and its texts load on the first click: this page's first load has no room for them.
const ReportDialog = lazy(() => import('@/components/moderation/report-dialog'));

/** The event's photos: the uploaded ones, then a linked image URL if it is not one of them. */
export function eventPhotos(event: Pick<Event, 'images' | 'imageUrl'>): string[] {
  const photos = [...event.images];
  if (event.imageUrl && !photos.includes(event.imageUrl)) photos.push(event.imageUrl);
  return photos;
}

export default function EventDetailPage() {
  const { t } = useTranslation('event-detail');
  const params = useParams<{ id: string }>();
  const eventId = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  const { data: event, isPending, isError } = useEvent(eventId);
  useEventDocumentMeta(event);
  // A guest reads the page without a session; "/" is the landing page for them.
  const isGuest = useCurrentUser().user === null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4 pb-28 sm:px-6 sm:pt-6 lg:pb-12">
      {!isGuest && (
        <Link
          href="/"
          className={cn(
            buttonVariants({ variant: 'ghost', size: 'sm' }),
            '-ms-3 mb-3 text-muted-foreground hover:text-foreground',
          )}
        >
          <ArrowLeft className="rtl:rotate-180" aria-hidden />
          {t('detail.backToEvents')}
        </Link>
      )}
      {event ? (
        <EventDetail event={event} />
      ) : isError || !Number.isSafeInteger(eventId) || eventId < 1 || !isPending ? (
        <EventNotFound />
      ) : (
        <EventDetailSkeleton />
      )}
    </div>
  );
}

function EventNotFound() {
  const { t } = useTranslation('event-detail');
  return (
    <Card className="mx-auto mt-8 max-w-md text-center" data-testid="event-not-found">
      <CardContent className="flex flex-col items-center gap-4 p-8">
        <span className="flex size-14 items-center justify-center rounded-full bg-muted text-muted-foreground">
          <CalendarX2 className="size-7" aria-hidden />
        </span>
        <h1 className="text-xl font-bold">{t('detail.notFoundTitle')}</h1>
        <p className="text-sm text-muted-foreground">{t('detail.notFoundDescription')}</p>
        <Button asChild>
          <Link href="/">{t('detail.backToEvents')}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function EventDetail({ event }: { event: Event }) {
  const { t, i18n } = useTranslation(['event-detail', 'events', 'organizer']);
  const { user } = useCurrentUser();
  const isGuest = user === null;
  const language = i18n.resolvedLanguage ?? i18n.language;
  const locale = intlLocale(language);
  const isPast = isEventPast(event);
  const photos = eventPhotos(event);
  const timeZone = useDisplayTimeZone();
  const date = new Date(event.date);
  const longDate = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(date);
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(date);
  // An average of nothing is not 0.0 stars.
  const rating = event.ratingCount > 0 ? formatOneDecimal(event.averageRating, language) : t('events:card.noRatings');
  const organizerFirst = event.organizer.firstName?.trim() || t('detail.unknownFirst');
  const organizerLast = event.organizer.lastName?.trim() || t('detail.unknownLast');
  // Category names are data in English; the events namespace (same feature) holds their translations.
  const categoryName = event.category?.name
    ? t(`events:categories.${event.category.name}`, { defaultValue: event.category.name })
    : t('detail.defaultCategory');
  const [galleryIndex, setGalleryIndex] = useState<number | null>(null);
  const [isCoverBroken, setIsCoverBroken] = useState(false);
  // Its organizer or an admin or organizer of its organization (decisions §20): the server says which.
  const isOrganizer = event.canManage;
  const isCancelled = event.status === 'cancelled';
  // A cover that fails to load would stay a grey band as tall as the first screen: drop it, like no photo.
  const hasCover = photos.length > 0 && !isCoverBroken;

  // The organizer's card links here with #organizer-tools; a client-side navigation does not scroll to it.
  useEffect(() => {
    if (isOrganizer && window.location.hash === '#organizer-tools')
      document.getElementById('organizer-tools')?.scrollIntoView({ block: 'start' });
  }, [isOrganizer]);

  return (
    <article className="flex flex-col gap-6" aria-labelledby="event-title" data-testid="event-detail">
      {hasCover && (
        <button
          type="button"
          onClick={() => setGalleryIndex(0)}
          className="group relative block overflow-hidden rounded-2xl bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
          aria-label={t('detail.openPhoto', { index: 1, count: photos.length })}
        >
          {/* The first photo is the page's largest paint: fetched ahead of the lazy gallery thumbnails, and
              preloaded by the server with the same srcset and sizes (server/modules/social/link-preview.ts). */}
          <img
            sizes={EVENT_PAGE_PHOTO_SIZES}
            srcSet={photoSources(photos[0]!).srcSet}
            src={photoSources(photos[0]!).src}
            width={1600}
            height={900}
            alt=""
            fetchPriority="high"
            // The linked imageUrl is another site's; the server's preload of it carries the same policy.
            referrerPolicy="no-referrer"
            onError={() => setIsCoverBroken(true)}
            // The server-rendered image may have failed before React listened for its error. Whether it did is
            // asked of decode(), not read from naturalWidth: that is divided by the srcset density, so a
            // photo one pixel wide drawn from its 1600w candidate reads 0 though it loaded.
            ref={(image) => {
              if (image?.complete) image.decode().catch(() => setIsCoverBroken(true));
            }}
            className="aspect-[16/9] w-full object-cover transition-transform duration-500 group-hover:scale-[1.02] sm:aspect-[21/9]"
          />
          {photos.length > 1 && (
            <span className="absolute end-3 bottom-3 inline-flex items-center gap-1.5 rounded-full bg-black/70 px-3 py-1 text-xs font-semibold text-white">
              <Images className="size-3.5" aria-hidden />
              {photos.length}
            </span>
          )}
        </button>
      )}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_340px]">
        <Card className="lg:col-start-1">
          <CardContent className="flex flex-col gap-5 p-5 sm:p-6">
            <div className="flex flex-wrap items-center gap-2">
              <CategoryBadge
                name={event.category?.name}
                icon={event.category?.icon}
                label={categoryName}
                testId="category-badge"
              />
              {isCancelled && (
                <Badge variant="destructive" className="gap-1" data-testid="cancelled-badge">
                  <CircleSlash aria-hidden />
                  {t('organizer:cancelled.badge')}
                </Badge>
              )}
              {isPast && (
                <Badge variant="secondary" className="gap-1" data-testid="completed-badge">
                  <CheckCircle2 aria-hidden />
                  {t('detail.completed')}
                </Badge>
              )}
              {/* Sharing by message needs a session; a guest shares the address itself. Nobody is invited
                  to a cancelled event. */}
              {!isGuest && !isCancelled && <ShareButton event={event} size="sm" className="ms-auto" />}
            </div>
            <h1
              id="event-title"
              dir="auto"
              className="text-2xl leading-tight font-bold tracking-tight break-words sm:text-3xl"
            >
              {event.title}
            </h1>

            <dl className="grid grid-cols-3 gap-2 sm:gap-3">
              <Stat
                icon={
                  <Star className="fill-amber-400 text-amber-500 dark:fill-amber-300 dark:text-amber-300" aria-hidden />
                }
                label={t('detail.rating')}
                value={rating}
                isPlaceholder={event.ratingCount === 0}
                testId="stat-rating"
              />
              <Stat
                icon={<Users className="text-primary" aria-hidden />}
                label={t('detail.attending')}
                value={String(event.rsvpCount)}
                testId="stat-attending"
              />
              <Stat
                icon={<Ticket className="text-primary" aria-hidden />}
                label={t('detail.max')}
                value={event.maxAttendees === null ? '∞' : String(event.maxAttendees)}
                valueLabel={event.maxAttendees === null ? t('detail.noLimit') : undefined}
                testId="stat-max"
              />
            </dl>

            <ul className="flex flex-col gap-3 text-sm">
              <DetailRow icon={<CalendarDays aria-hidden />} label={t('detail.date')}>
                <time dateTime={event.date} data-testid="event-date">
                  {longDate}
                </time>
              </DetailRow>
              <DetailRow icon={<Clock aria-hidden />} label={t('detail.time')}>
                <span data-testid="event-time">{time}</span>
              </DetailRow>
              <DetailRow icon={<MapPin aria-hidden />} label={t('detail.location')}>
                <span data-testid="event-location" dir="auto" className="break-words">
                  {event.location}
                </span>
              </DetailRow>
            </ul>

            {/* On a phone the organizer's name keeps its room and the two actions wrap below it. */}
            <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
              <PersonAvatar person={event.organizer} className="size-11" />
              <div className="min-w-40 flex-1">
                <p className="text-xs text-muted-foreground">{t('detail.organizer')}</p>
                <p className="truncate font-semibold" dir="auto" data-testid="organizer-name">
                  {organizerFirst} {organizerLast}
                </p>
                {/* A guest's app routes /o/{slug} too (web/app/guest-app.tsx). */}
                {event.organization && (
                  <Link
                    href={`/o/${event.organization.slug}`}
                    className="block truncate text-sm font-medium text-primary hover:underline"
                    dir="auto"
                    data-testid="event-organization"
                  >
                    {event.organization.name}
                  </Link>
                )}
              </div>
              {/* §21: the one thread with the organizer (Chat opens a fresh thread by their id). */}
              {!isGuest && !isOrganizer && (
                <Link
                  href={`/chat/${event.organizerId}`}
                  className="ms-auto shrink-0 py-2 text-sm font-medium text-primary hover:underline"
                  data-testid="contact-organizer"
                >
                  {t('detail.contactOrganizer')}
                </Link>
              )}
              {/* Reporting is there for whoever needs it, quieter than the actions people come for. */}
              {!isGuest && !isOrganizer && <ReportEvent event={event} label={t('detail.report')} />}
            </div>
          </CardContent>
        </Card>

        {/* Right column on desktop. On a phone its boxes join the page's single column (display: contents)
            and take their places by order: the main action right after the summary, then "About this
            event", and only then the calendar and share boxes, ahead of the rest. */}
        <aside
          className="contents lg:sticky lg:top-20 lg:col-start-2 lg:row-span-4 lg:row-start-1 lg:flex lg:flex-col lg:gap-4"
          data-testid="event-sidebar"
        >
          {isOrganizer ? (
            <div id="organizer-tools" className="scroll-mt-20">
              <Suspense fallback={null}>
                <OrganizerPanel.Component event={event} />
              </Suspense>
            </div>
          ) : (
            <ParticipationCard event={event} isPast={isPast} isGuest={isGuest} />
          )}
          {!isOrganizer && !isGuest && !isCancelled && event.userRsvpStatus !== null && <TicketSlot event={event} />}
          {!isPast && !isCancelled && <AddToCalendar event={event} className="max-lg:order-1" />}
          {/* Share slot: the Quick Share card, under the RSVP card; a cancelled event is not to be shared. */}
          {!isGuest && !isCancelled && <EventSidebarExtras event={event} />}
        </aside>

        <Card className="lg:col-start-1">
          <CardHeader className="pb-3">
            <h2 className="text-lg leading-tight font-semibold">{t('detail.about')}</h2>
          </CardHeader>
          <CardContent>
            <p
              dir="auto"
              className="leading-relaxed break-words whitespace-pre-line text-foreground/90"
              data-testid="event-description"
            >
              {event.description}
            </p>
          </CardContent>
        </Card>

        {(event.seriesId !== null || event.slotCount > 0 || (isOrganizer && !isCancelled)) && (
          <div className="scroll-mt-20 lg:col-start-1" id="schedule">
            <Suspense fallback={null}>
              <ScheduleSection.Component event={event} isOrganizer={isOrganizer} isGuest={isGuest} />
            </Suspense>
          </div>
        )}

        {isOrganizer && (
          <div className="max-lg:order-2 lg:col-start-1" id="attendees">
            <Suspense fallback={null}>
              <AttendeeSection.Component event={event} />
            </Suspense>
          </div>
        )}

        {photos.length > 0 && (
          <Card className="max-lg:order-2 lg:col-start-1">
            <CardHeader className="pb-3">
              <h2 className="flex items-center gap-2 text-lg leading-tight font-semibold">
                {t('detail.photos')}
                <span className="text-sm font-normal text-muted-foreground">({photos.length})</span>
              </h2>
            </CardHeader>
            <CardContent>
              <PhotoGallery
                photos={photos}
                title={event.title}
                openIndex={galleryIndex}
                onOpenIndexChange={setGalleryIndex}
              />
            </CardContent>
          </Card>
        )}

        <div className="max-lg:order-2 lg:col-start-1">
          <ReviewsSection event={event} isPast={isPast} currentUserId={user?.id ?? null} language={language} />
        </div>
      </div>
    </article>
  );
}

/** The holder's ticket, in a chunk of its own: most visitors of an event page hold no place at it. */
function TicketSlot({ event }: { event: Event }) {
  const ticket = useLazyModule(loadTicketCard, true);
  return ticket ? <ticket.TicketCard event={event} /> : null;
}

/**
 * Extension point for the share feature: render the share button and Quick Share card
 * here. Kept as its own component so adding them touches one place.
 */
function EventSidebarExtras({ event }: { event: Event }): ReactNode {
  return <QuickShareCard event={event} className="max-lg:order-1" />;
}

function Stat({
  icon,
  label,
  value,
  valueLabel,
  testId,
  isPlaceholder = false,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  valueLabel?: string;
  testId: string;
  isPlaceholder?: boolean;
}) {
  return (
    <div className="flex flex-col items-center gap-1 rounded-xl bg-muted/60 px-2 py-3 text-center" data-testid={testId}>
      <dt className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground [&_svg]:size-4">
        {icon}
        {label}
      </dt>
      <dd
        className={isPlaceholder ? 'py-1 text-sm font-medium text-muted-foreground' : 'text-xl font-bold tabular-nums'}
        aria-label={valueLabel}
      >
        {value}
      </dd>
    </div>
  );
}

function DetailRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground [&_svg]:size-4">
        {icon}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-xs text-muted-foreground">{label}</span>
        <span className="font-medium">{children}</span>
      </span>
    </li>
  );
}

/**
 * The event's photos as a responsive grid; a photo opens a larger view (photo-viewer-dialog.tsx, a
 * Radix Dialog loaded on first open) that the arrow keys page through.
 */
function PhotoGallery({ photos, title, openIndex, onOpenIndexChange }: PhotoViewerProps) {
  const { t } = useTranslation('event-detail');
  const count = photos.length;
  const viewer = useLazyModule(loadPhotoViewer, useHasBeenOpen(openIndex !== null));

  return (
    <>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3" data-testid="photo-gallery">
        {photos.map((photo, index) => (
          <li key={photo}>
            <button
              type="button"
              onClick={() => onOpenIndexChange(index)}
              onPointerEnter={() => void loadPhotoViewer()}
              onFocus={() => void loadPhotoViewer()}
              className="group block w-full overflow-hidden rounded-lg bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:outline-none"
              aria-label={t('detail.openPhoto', { index: index + 1, count })}
            >
              <img
                sizes="(min-width: 640px) 33vw, 50vw"
                srcSet={photoSources(photo).srcSet}
                src={photoSources(photo).src}
                width={800}
                height={600}
                alt={t('detail.photoAlt', { index: index + 1, count, title })}
                loading="lazy"
                referrerPolicy="no-referrer"
                className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-105"
              />
            </button>
          </li>
        ))}
      </ul>
      {viewer ? (
        <viewer.PhotoViewerDialog
          photos={photos}
          title={title}
          openIndex={openIndex}
          onOpenIndexChange={onOpenIndexChange}
        />
      ) : (
        openIndex !== null && <DialogLoading />
      )}
    </>
  );
}

function ReportEvent({ event, label }: { event: Event; label: string }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="shrink-0 text-muted-foreground"
        onClick={() => setIsOpen(true)}
        data-testid="report-button"
      >
        {label}
      </Button>
      {isOpen && (
        <Suspense fallback={<DialogLoading />}>
          <ReportDialog targetType="event" targetId={event.id} name={event.title} isOpen onOpenChange={setIsOpen} />
        </Suspense>
      )}
    </>
  );
}
