import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarClock, Check, Copy, Download, ListPlus, LoaderCircle, Pencil, Plus, Trash2, X } from 'lucide-react';
import type { Event } from '@contract/events';
import type { Slot, SlotRoster } from '@contract/slots';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { PersonAvatar } from '@/components/people/person-avatar';
import { downloadCsv } from '@/lib/download-csv';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { useSlotRoster, useSlots } from '../api/get-slots';
import { useFormatWindow } from './format-window';
import { SeriesDates } from './series-dates';
import { useDecideSignup, useGiveUpSlot, useSlotWaitlist, useTakeSlots } from '../api/use-slots';
import { SlotFormDialog, RemoveSlotDialog, type SlotDraft } from './slot-dialogs';

/** The slots that share a time window: a shift, its roles in the server's order. */
type Shift = { startsAt: string; endsAt: string; slots: Slot[] };

function groupIntoShifts(slots: Slot[]): Shift[] {
  const shifts: Shift[] = [];
  for (const slot of slots) {
    const last = shifts.at(-1);
    if (last && last.startsAt === slot.startsAt && last.endsAt === slot.endsAt) last.slots.push(slot);
    else shifts.push({ startsAt: slot.startsAt, endsAt: slot.endsAt, slots: [slot] });
  }
  return shifts;
}

function isOverlapping(a: Pick<Slot, 'startsAt' | 'endsAt'>, b: Pick<Slot, 'startsAt' | 'endsAt'>): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

function openPlaces(slot: Slot): number {
  return Math.max(0, slot.capacity - slot.signupCount - slot.pendingCount);
}

function isHeld(slot: Slot): boolean {
  return slot.userSignupStatus === 'confirmed' || slot.userSignupStatus === 'pending';
}

/**
 * The event's schedule (decision 0027): its slots by shift, then role. A volunteer ticks one or several
 * slots that do not overlap and takes them in one call; the organizer adds, edits, duplicates and
 * removes slots and decides on pending places. Loaded on its own, only for events that have slots or
 * for their organizer, so the event page's first load does not grow.
 */
export function ScheduleSection({
  event,
  isOrganizer,
  isGuest,
}: {
  event: Event;
  isOrganizer: boolean;
  isGuest: boolean;
}) {
  const hasSchedule = event.slotCount > 0 || (isOrganizer && event.status !== 'cancelled');
  return (
    <div className="flex flex-col gap-6">
      {hasSchedule && <SlotSchedule event={event} isOrganizer={isOrganizer} isGuest={isGuest} />}
      {/* A series' other dates share this chunk: the event page's own load does not grow (decision 0032). */}
      {event.seriesId !== null && <SeriesDates eventId={event.id} seriesId={event.seriesId} />}
    </div>
  );
}

function SlotSchedule({ event, isOrganizer, isGuest }: { event: Event; isOrganizer: boolean; isGuest: boolean }) {
  const { t } = useTranslation('schedule');
  const slots = useSlots(event.id);
  const roster = useSlotRoster(event.id, isOrganizer);
  const formatWindow = useFormatWindow();
  const [chosen, setChosen] = useState<number[]>([]);
  const [draft, setDraft] = useState<SlotDraft | null>(null);
  const [removing, setRemoving] = useState<Slot | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const takeSlots = useTakeSlots(event.id);
  const isOpen = event.status === 'scheduled' && new Date(event.date).getTime() > Date.now();
  const shifts = useMemo(() => groupIntoShifts(slots.data ?? []), [slots.data]);
  const list = slots.data ?? [];
  const chosenSlots = list.filter((slot) => chosen.includes(slot.id));
  const canVolunteer = !isGuest && !isOrganizer && isOpen;

  const download = async () => {
    setIsDownloading(true);
    try {
      await downloadCsv(`/api/events/${event.id}/slot-signups`, `event-${event.id}-schedule.csv`);
    } catch {
      toast({ title: t('common:toasts.errorTitle'), description: t('editor.downloadFailed'), variant: 'destructive' });
    } finally {
      setIsDownloading(false);
    }
  };

  const toggle = (slotId: number) =>
    setChosen((current) => (current.includes(slotId) ? current.filter((id) => id !== slotId) : [...current, slotId]));

  /** Why a slot cannot be ticked now, or null. */
  const blockedReason = (slot: Slot): string | null => {
    if (isHeld(slot) || slot.userSignupStatus === 'waitlisted') return null;
    if (new Date(slot.startsAt).getTime() <= Date.now()) return t('volunteer.started');
    if (openPlaces(slot) === 0) return t('volunteer.full');
    const clash = list.find(
      (other) => other.id !== slot.id && (isHeld(other) || chosen.includes(other.id)) && isOverlapping(other, slot),
    );
    if (clash && !chosen.includes(slot.id)) return t('volunteer.overlaps', { role: clash.role });
    return null;
  };

  const takeChosen = () =>
    takeSlots.mutate(chosen, {
      onSuccess: () => setChosen([]),
    });

  return (
    <Card data-testid="schedule-section" aria-labelledby="schedule-heading">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 pb-3">
        <h2 id="schedule-heading" className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <CalendarClock className="size-5 text-primary" aria-hidden />
          {t('title')}
          {slots.data && slots.data.length > 0 && (
            <span className="text-sm font-normal text-muted-foreground" data-testid="schedule-open-places">
              (
              {t('openOfTotal', {
                open: list.reduce((sum, slot) => sum + openPlaces(slot), 0),
                count: list.reduce((sum, slot) => sum + slot.capacity, 0),
              })}
              )
            </span>
          )}
        </h2>
        {isOrganizer && (
          <div className="flex flex-wrap gap-2">
            {list.length > 0 && (
              <Button variant="outline" size="sm" onClick={() => void download()} disabled={isDownloading}>
                {isDownloading ? <LoaderCircle className="animate-spin" aria-hidden /> : <Download aria-hidden />}
                {t('editor.download')}
              </Button>
            )}
            {isOpen && (
              <Button size="sm" onClick={() => setDraft({ mode: 'add' })} data-testid="add-slot">
                <Plus aria-hidden />
                {t('editor.add')}
              </Button>
            )}
          </div>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {slots.isPending ? (
          <div className="flex flex-col gap-3" aria-busy>
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : slots.isError ? (
          <p className="text-sm text-muted-foreground">{t('loadFailed')}</p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="schedule-empty">
            {isOrganizer ? t('editor.empty') : t('empty')}
          </p>
        ) : (
          shifts.map((shift) => (
            <section key={`${shift.startsAt}|${shift.endsAt}`} className="flex flex-col gap-2" data-testid="shift">
              <h3 className="text-sm font-semibold text-muted-foreground">
                <time dateTime={shift.startsAt}>{formatWindow(shift.startsAt, shift.endsAt)}</time>
              </h3>
              <ul className="flex flex-col gap-2">
                {shift.slots.map((slot) => (
                  <SlotRow
                    key={slot.id}
                    slot={slot}
                    eventId={event.id}
                    isOrganizer={isOrganizer}
                    isOpen={isOpen}
                    canVolunteer={canVolunteer}
                    isChosen={chosen.includes(slot.id)}
                    blockedReason={canVolunteer ? blockedReason(slot) : null}
                    onToggle={() => toggle(slot.id)}
                    onEdit={() => setDraft({ mode: 'edit', slot })}
                    onDuplicate={() => setDraft({ mode: 'duplicate', slot })}
                    onRemove={() => setRemoving(slot)}
                    roster={roster.data?.find((entry) => entry.slotId === slot.id)}
                  />
                ))}
              </ul>
            </section>
          ))
        )}
        {canVolunteer && list.length > 0 && (
          <div className="sticky bottom-20 z-10 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card/95 p-3 shadow-sm backdrop-blur lg:bottom-4">
            <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="schedule-chosen">
              {chosenSlots.length === 0
                ? t('volunteer.chooseHint')
                : t('volunteer.chosen', { count: chosenSlots.length })}
            </p>
            <Button
              onClick={takeChosen}
              disabled={chosen.length === 0 || takeSlots.isPending}
              aria-busy={takeSlots.isPending || undefined}
              data-testid="take-slots"
            >
              {takeSlots.isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : <ListPlus aria-hidden />}
              {t('volunteer.take', { count: Math.max(1, chosen.length) })}
            </Button>
          </div>
        )}
        {isGuest && list.length > 0 && isOpen && (
          <a
            href={`/api/login?returnTo=${encodeURIComponent(`/events/${event.id}`)}`}
            className={cn(buttonVariants({ variant: 'default' }), 'self-start')}
          >
            {t('volunteer.signInToTake')}
          </a>
        )}
      </CardContent>
      {draft && (
        <SlotFormDialog
          eventId={event.id}
          isInSeries={event.seriesId !== null}
          draft={draft}
          onClose={() => setDraft(null)}
          defaultStart={list.at(-1)?.endsAt ?? event.date}
        />
      )}
      {removing && <RemoveSlotDialog slot={removing} onClose={() => setRemoving(null)} />}
    </Card>
  );
}

function SlotRow({
  slot,
  eventId,
  isOrganizer,
  isOpen,
  canVolunteer,
  isChosen,
  blockedReason,
  onToggle,
  onEdit,
  onDuplicate,
  onRemove,
  roster,
}: {
  slot: Slot;
  eventId: number;
  isOrganizer: boolean;
  isOpen: boolean;
  canVolunteer: boolean;
  isChosen: boolean;
  blockedReason: string | null;
  onToggle: () => void;
  onEdit: () => void;
  onDuplicate: () => void;
  onRemove: () => void;
  roster: SlotRoster[number] | undefined;
}) {
  const { t } = useTranslation('schedule');
  const giveUp = useGiveUpSlot();
  const waitlist = useSlotWaitlist();
  const open = openPlaces(slot);
  const checkboxId = `slot-${eventId}-${slot.id}`;
  const isTickable = canVolunteer && slot.userSignupStatus === null && blockedReason === null;
  const pending = roster?.signups.filter((person) => person.status === 'pending') ?? [];

  return (
    <li
      className={cn(
        'flex flex-col gap-2 rounded-xl border border-border p-3 transition-colors',
        isChosen && 'border-primary bg-primary/5',
      )}
      data-testid="slot"
      data-slot-id={slot.id}
    >
      <div className="flex flex-wrap items-start gap-3">
        {canVolunteer && slot.userSignupStatus === null && (
          <input
            id={checkboxId}
            type="checkbox"
            className="mt-1 size-5 shrink-0 accent-[var(--primary)]"
            checked={isChosen}
            disabled={!isTickable && !isChosen}
            onChange={onToggle}
            aria-describedby={blockedReason ? `${checkboxId}-why` : undefined}
          />
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <label htmlFor={canVolunteer ? checkboxId : undefined} className="font-semibold break-words" dir="auto">
            {slot.role}
            {slot.requiresApproval && (
              <span className="ms-2 text-xs font-normal text-muted-foreground">{t('needsApproval')}</span>
            )}
          </label>
          {slot.description && (
            <p className="text-sm break-words text-muted-foreground" dir="auto">
              {slot.description}
            </p>
          )}
          {isOrganizer ? (
            <p className="text-sm text-muted-foreground tabular-nums" data-testid="slot-counts">
              {t('editor.counts', {
                filled: slot.signupCount,
                open,
                waiting: slot.waitlistCount,
                pending: slot.pendingCount,
              })}
            </p>
          ) : (
            <p
              className={cn('text-sm tabular-nums', open === 0 ? 'text-destructive' : 'text-muted-foreground')}
              data-testid="slot-places"
            >
              {open === 0 ? t('full') : t('openOfTotal', { open, count: slot.capacity })}
              {open === 0 && slot.waitlistCount > 0 && ` · ${t('waiting', { count: slot.waitlistCount })}`}
            </p>
          )}
          {blockedReason && !isChosen && slot.userSignupStatus === null && (
            <p id={`${checkboxId}-why`} className="text-xs text-muted-foreground">
              {blockedReason}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {slot.userSignupStatus && !isOrganizer && (
            <Badge variant={slot.userSignupStatus === 'confirmed' ? 'default' : 'secondary'} data-testid="slot-status">
              {t(`status.${slot.userSignupStatus}`)}
            </Badge>
          )}
          {canVolunteer && isHeld(slot) && (
            <Button variant="outline" size="sm" onClick={() => giveUp.mutate(slot.id)} disabled={giveUp.isPending}>
              {t('volunteer.withdraw')}
            </Button>
          )}
          {canVolunteer && slot.userSignupStatus === 'waitlisted' && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => waitlist.mutate({ slotId: slot.id, isJoining: false })}
              disabled={waitlist.isPending}
            >
              {t('volunteer.leaveWaitlist')}
            </Button>
          )}
          {canVolunteer &&
            slot.userSignupStatus === null &&
            open === 0 &&
            new Date(slot.startsAt).getTime() > Date.now() && (
              <Button
                variant="outline"
                size="sm"
                onClick={() => waitlist.mutate({ slotId: slot.id, isJoining: true })}
                disabled={waitlist.isPending}
              >
                {t('volunteer.joinWaitlist')}
              </Button>
            )}
          {isOrganizer && isOpen && (
            <>
              <Button variant="ghost" size="icon" onClick={onEdit} aria-label={t('editor.edit', { role: slot.role })}>
                <Pencil aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                onClick={onDuplicate}
                aria-label={t('editor.duplicate', { role: slot.role })}
              >
                <Copy aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                onClick={onRemove}
                aria-label={t('editor.remove', { role: slot.role })}
                className="text-destructive hover:text-destructive"
              >
                <Trash2 aria-hidden />
              </Button>
            </>
          )}
        </div>
      </div>
      {isOrganizer && pending.length > 0 && <PendingList slotId={slot.id} people={pending} isOpen={isOpen} />}
    </li>
  );
}

function PendingList({
  slotId,
  people,
  isOpen,
}: {
  slotId: number;
  people: SlotRoster[number]['signups'];
  isOpen: boolean;
}) {
  const { t } = useTranslation('schedule');
  const decide = useDecideSignup();
  return (
    <div className="flex flex-col gap-2 border-t border-border pt-2" data-testid="pending-list">
      <p className="text-xs font-semibold text-muted-foreground">{t('pending.title', { count: people.length })}</p>
      <ul className="flex flex-col gap-2">
        {people.map((person) => {
          const name =
            [person.user.firstName, person.user.lastName].filter(Boolean).join(' ').trim() || t('pending.unknown');
          return (
            <li key={person.user.id} className="flex flex-wrap items-center gap-2">
              <PersonAvatar person={person.user} className="size-7" />
              <span className="min-w-0 flex-1 truncate text-sm" dir="auto">
                {name}
              </span>
              {isOpen && (
                <span className="flex gap-2">
                  <Button
                    size="sm"
                    onClick={() => decide.mutate({ slotId, userId: person.user.id, isApproved: true })}
                    disabled={decide.isPending}
                    aria-label={t('pending.approveName', { name })}
                  >
                    <Check aria-hidden />
                    {t('pending.approve')}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => decide.mutate({ slotId, userId: person.user.id, isApproved: false })}
                    disabled={decide.isPending}
                    aria-label={t('pending.declineName', { name })}
                  >
                    <X aria-hidden />
                    {t('pending.decline')}
                  </Button>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
