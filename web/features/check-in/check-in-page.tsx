import { ArrowLeft, Camera, CameraOff, CloudOff, LogOut, Laptop, Search, Undo2, UserCheck } from 'lucide-react';
import { Suspense, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { DoorEntry, DoorGuest } from '@contract/check-in';
import { intlLocale } from '@contract/languages';
import { Badge } from '@/components/ui/badge';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { statusOf } from '@/lib/api-error';
import { useDisplayTimeZone } from '@/lib/display-time-zone';
import { lazyWithPreload } from '@/lib/lazy-with-preload';
import { useLazyModule } from '@/lib/use-lazy-module';
import { cn } from '@/lib/utils';
import { useDoor } from './api/get-door';
import { useDoorSync } from './api/use-door-sync';
import type { DoorAction, DoorActionKind } from './door-queue';

const loadScanner = () => import('./qr-scanner');

/** What a typed or scanned code becomes: spaces and dashes people add while reading it out are dropped. */
function normalizeCode(text: string): string {
  return text.replace(/[\s-]/g, '').toLowerCase();
}

const TICKET_CODE = /^[0-9a-f]{32}$/;

type Person = DoorEntry & { isPending: boolean };

/** The server's list with the actions it has not confirmed yet laid over it, in the order they were made. */
function withPending(people: DoorEntry[], pending: DoorAction[]): Person[] {
  return people.map((person) => {
    let { checkedInAt, checkedOutAt } = person;
    const own = pending.filter((action) => action.code === person.code);
    for (const action of own) {
      const at = new Date(action.at).toISOString();
      if (action.kind === 'check-in') checkedInAt ??= at;
      else if (action.kind === 'check-out') checkedOutAt = checkedInAt ? at : checkedOutAt;
      else {
        checkedInAt = null;
        checkedOutAt = null;
      }
    }
    return { ...person, checkedInAt, checkedOutAt, isPending: own.length > 0 };
  });
}

type Guest = DoorGuest & { isPending: boolean };

/** The same for guest walk-ins: a check-out not yet sent shows its time, an undo not yet sent hides the guest. */
function withPendingGuests(guests: DoorGuest[], pending: DoorAction[]): Guest[] {
  return guests.flatMap((guest) => {
    const own = pending.filter((action) => action.guestId === guest.id);
    if (own.some((action) => action.kind === 'undo')) return [];
    const checkOut = own.findLast((action) => action.kind === 'check-out');
    return [
      {
        ...guest,
        checkedOutAt: checkOut ? new Date(checkOut.at).toISOString() : guest.checkedOutAt,
        isPending: own.length > 0,
      },
    ];
  });
}

function fullName(person: Pick<DoorEntry, 'user'>, fallback: string): string {
  return [person.user.firstName, person.user.lastName].filter(Boolean).join(' ').trim() || fallback;
}

function guestName(guest: Pick<Guest, 'firstName' | 'lastName'>): string {
  return `${guest.firstName} ${guest.lastName}`;
}

/** An action that waits on this device for the network, as the door's rows mark it. */
function NotSentBadge() {
  const { t } = useTranslation('check-in');
  return (
    <Badge variant="secondary" className="gap-1">
      <CloudOff className="size-3" aria-hidden />
      {t('notSent')}
    </Badge>
  );
}

/** A checked-in row's actions, a holder's or a walk-in guest's: Check out until they left, and Undo. */
function CheckOutAndUndo({
  name,
  isCheckedOut,
  onAct,
}: {
  name: string;
  isCheckedOut: boolean;
  onAct: (kind: 'check-out' | 'undo') => void;
}) {
  const { t } = useTranslation('check-in');
  return (
    <>
      {!isCheckedOut && (
        <Button size="sm" variant="outline" onClick={() => onAct('check-out')} aria-label={t('checkOutName', { name })}>
          <LogOut className="rtl:rotate-180" aria-hidden />
          {t('checkOut')}
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={() => onAct('undo')} aria-label={t('undoName', { name })}>
        <Undo2 aria-hidden />
        {t('undo')}
      </Button>
    </>
  );
}

type Outcome = { tone: 'good' | 'warning' | 'bad'; text: string };

// Not *-page files: routes.tsx takes every such file as a route of its own, listed in the route table.
const KioskPage = lazyWithPreload(() => import('./kiosk-screen'));
// The walk-in form (react-hook-form and the contract's schemas) is a chunk of its own: listed with the
// door's route, its files would grow the route table every signed-in screen loads.
const WalkInForm = lazyWithPreload(() => import('./walk-in-form').then((module) => ({ default: module.WalkInForm })));
const SelfCheckInPage = lazyWithPreload(() => import('./self-check-in-screen'));

/**
 * /events/{id}/check-in: the organizer's door; /check-in/kiosk: its tablet (decisions §19);
 * /check-in/self?code=: what the kiosk's QR code opens on a volunteer's phone. Any other mode is the door.
 */
export default function CheckInRoute() {
  const { mode } = useParams<{ mode?: string }>();
  if (mode === 'self') return <SelfCheckInPage.Component />;
  return <DoorPage isKiosk={mode === 'kiosk'} />;
}

function DoorPage({ isKiosk }: { isKiosk: boolean }) {
  const { t, i18n } = useTranslation('check-in');
  const params = useParams<{ id: string }>();
  const eventId = /^\d{1,10}$/.test(params.id ?? '') ? Number(params.id) : 0;
  const { data: door, error, isPending: isLoading, refetch } = useDoor(eventId);
  const { pending, isReachable, enqueue } = useDoorSync(eventId);
  const [code, setCode] = useState('');
  const [search, setSearch] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [isScanning, setIsScanning] = useState(false);
  const scanner = useLazyModule(loadScanner, isScanning);
  const timeZone = useDisplayTimeZone();
  const locale = intlLocale(i18n.resolvedLanguage ?? i18n.language);
  const people = useMemo(() => withPending(door?.people ?? [], pending), [door, pending]);
  const guests = useMemo(() => withPendingGuests(door?.guests ?? [], pending), [door, pending]);
  const timeOf = (iso: string) =>
    new Intl.DateTimeFormat(locale, { timeZone, timeStyle: 'short' }).format(new Date(iso));

  if (!door) {
    const isRefused = statusOf(error) === 403 || statusOf(error) === 404;
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-6">
        <p className="text-sm text-muted-foreground" role={error ? 'alert' : 'status'} data-testid="door-state">
          {isLoading ? t('loading') : isRefused ? t('notOrganizer') : t('loadFailed')}
        </p>
      </div>
    );
  }

  if (isKiosk) return <KioskPage.Component door={door} pending={pending} enqueue={enqueue} />;

  const checkedIn = people.filter((person) => person.checkedInAt !== null);
  const checkedOut = [...checkedIn, ...guests].filter((person) => person.checkedOutAt !== null);
  const now = Date.now();
  const isOpen = now >= new Date(door.opensAt).getTime() && now <= new Date(door.closesAt).getTime();

  const act = (kind: DoorActionKind, person: Person) => {
    const name = fullName(person, t('unknownPerson'));
    if (kind === 'check-in' && person.checkedInAt)
      setOutcome({ tone: 'warning', text: t('outcome.already', { name, time: timeOf(person.checkedInAt) }) });
    else
      setOutcome({
        tone: 'good',
        text: t(
          kind === 'check-in' ? 'outcome.checkedIn' : kind === 'check-out' ? 'outcome.checkedOut' : 'outcome.undone',
          {
            name,
          },
        ),
      });
    if (kind === 'check-in' && person.checkedInAt) return;
    void enqueue(kind, person.code);
  };

  const actOnGuest = (kind: 'check-out' | 'undo', guest: Guest) => {
    const name = guestName(guest);
    setOutcome({ tone: 'good', text: t(kind === 'check-out' ? 'outcome.checkedOut' : 'outcome.undone', { name }) });
    void enqueue(kind, '', guest.id);
  };

  const admit = async (text: string) => {
    const normalized = normalizeCode(text);
    if (!TICKET_CODE.test(normalized)) {
      setOutcome({ tone: 'bad', text: t('outcome.notACode') });
      return;
    }
    let person = people.find((entry) => entry.code === normalized);
    // Someone who took a place after the list was read: read it again when the network allows.
    if (!person && navigator.onLine) {
      const fresh = await refetch();
      const found = fresh.data?.people.find((entry) => entry.code === normalized);
      person = found ? { ...found, isPending: false } : undefined;
    }
    if (!person) {
      setOutcome({ tone: 'bad', text: t('outcome.unknown') });
      return;
    }
    act('check-in', person);
    setCode('');
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void admit(code);
  };

  const query = search.trim().toLocaleLowerCase(locale);
  const shown = query
    ? people.filter((person) => fullName(person, '').toLocaleLowerCase(locale).includes(query))
    : people;
  const shownGuests = query
    ? guests.filter((guest) => guestName(guest).toLocaleLowerCase(locale).includes(query))
    : guests;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 pt-4 pb-28 sm:px-6 sm:pt-6">
      <Link
        href={`/events/${eventId}`}
        className={cn(buttonVariants({ variant: 'ghost', size: 'sm' }), '-ms-3 self-start text-muted-foreground')}
      >
        <ArrowLeft className="rtl:rotate-180" aria-hidden />
        {t('backToEvent')}
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold tracking-tight">{t('title')}</h1>
          <p className="text-sm break-words text-muted-foreground" dir="auto">
            {door.title}
          </p>
        </div>
        {/* A tab of its own: the kiosk faces the queue, and its Back must lead nowhere (decisions §24). */}
        <a
          href={`/events/${eventId}/check-in/kiosk`}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          data-testid="door-kiosk"
        >
          <Laptop aria-hidden />
          {t('kiosk.open')}
        </a>
      </header>

      <dl className="grid grid-cols-3 gap-2" data-testid="door-counts">
        <Count label={t('counts.in')} value={checkedIn.length + guests.length} testId="count-in" />
        <Count label={t('counts.expected')} value={people.length} testId="count-expected" />
        <Count label={t('counts.out')} value={checkedOut.length} testId="count-out" />
      </dl>

      {!isOpen && (
        <p
          className="rounded-lg bg-amber-100 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200"
          role="status"
        >
          {t('closed', { opens: timeOf(door.opensAt), closes: timeOf(door.closesAt) })}
        </p>
      )}
      {pending.length > 0 && (
        <p
          className="flex items-center gap-2 rounded-lg bg-muted p-3 text-sm font-medium"
          role="status"
          data-testid="door-pending"
        >
          <CloudOff className="size-4 shrink-0" aria-hidden />
          {isReachable ? t('sending', { count: pending.length }) : t('waiting', { count: pending.length })}
        </p>
      )}

      <Card>
        <CardContent className="flex flex-col gap-3 p-4">
          <form className="flex gap-2" onSubmit={onSubmit}>
            <label htmlFor="door-code" className="sr-only">
              {t('codeLabel')}
            </label>
            <Input
              id="door-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              placeholder={t('codePlaceholder')}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              dir="auto"
              className="font-mono"
              data-testid="door-code"
            />
            <Button type="submit" data-testid="door-submit">
              <UserCheck aria-hidden />
              {t('checkIn')}
            </Button>
          </form>
          <Button
            type="button"
            variant="outline"
            onClick={() => setIsScanning((value) => !value)}
            aria-pressed={isScanning}
            data-testid="door-scan"
          >
            {isScanning ? <CameraOff aria-hidden /> : <Camera aria-hidden />}
            {isScanning ? t('scanner.stop') : t('scanner.start')}
          </Button>
          {isScanning && scanner && <scanner.QrScanner onCode={(scanned) => void admit(scanned)} />}
          {outcome && (
            <p
              role="status"
              className={cn(
                'rounded-lg p-3 text-base font-semibold',
                outcome.tone === 'good' && 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
                outcome.tone === 'warning' && 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
                outcome.tone === 'bad' && 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
              )}
              data-testid="door-outcome"
            >
              {outcome.text}
            </p>
          )}
        </CardContent>
      </Card>

      {isOpen && (
        <Suspense fallback={null}>
          <WalkInForm.Component eventId={eventId} onOutcome={setOutcome} />
        </Suspense>
      )}

      <div className="relative">
        <Search className="pointer-events-none absolute start-3 top-3 size-4 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchPlaceholder')}
          className="ps-9"
          data-testid="door-search"
        />
      </div>

      {shown.length === 0 && shownGuests.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {people.length + guests.length === 0 ? t('nobody') : t('noMatch')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-border rounded-xl border border-border" data-testid="door-list">
          {shown.map((person) => {
            const name = fullName(person, t('unknownPerson'));
            return (
              <li key={person.code} className="flex flex-wrap items-center gap-2 p-3" data-testid="door-person">
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-2">
                    <span className="truncate font-medium" dir="auto">
                      {name}
                    </span>
                    {person.isWalkIn && <Badge variant="outline">{t('walkIn.badge')}</Badge>}
                  </span>
                  <span className="text-xs text-muted-foreground" data-testid="door-person-state">
                    {person.checkedOutAt
                      ? t('state.out', { time: timeOf(person.checkedOutAt) })
                      : person.checkedInAt
                        ? t('state.in', { time: timeOf(person.checkedInAt) })
                        : t('state.expected')}
                  </span>
                  {person.checkedInAt && person.checkInDevice && (
                    <span className="block text-xs text-muted-foreground" data-testid="door-person-device">
                      {t('state.kiosk', { device: person.checkInDevice })}
                    </span>
                  )}
                </span>
                {person.isPending && <NotSentBadge />}
                {person.checkedInAt === null ? (
                  <Button size="sm" onClick={() => act('check-in', person)} aria-label={t('checkInName', { name })}>
                    <UserCheck aria-hidden />
                    {t('checkIn')}
                  </Button>
                ) : (
                  <CheckOutAndUndo
                    name={name}
                    isCheckedOut={person.checkedOutAt !== null}
                    onAct={(kind) => act(kind, person)}
                  />
                )}
              </li>
            );
          })}
          {shownGuests.map((guest) => {
            const name = guestName(guest);
            return (
              <li key={`guest-${guest.id}`} className="flex flex-wrap items-center gap-2 p-3" data-testid="door-guest">
                {/* The guest's state is long: on a phone the buttons go below rather than squeeze the name. */}
                <span className="min-w-48 flex-1">
                  <span className="flex items-center gap-2">
                    <span className="truncate font-medium" dir="auto">
                      {name}
                    </span>
                    <Badge variant="outline">{t('walkIn.badge')}</Badge>
                  </span>
                  <span className="text-xs text-muted-foreground" data-testid="door-guest-state">
                    {guest.checkedOutAt
                      ? t('state.out', { time: timeOf(guest.checkedOutAt) })
                      : t('walkIn.guestState', { time: timeOf(guest.checkedInAt) })}
                  </span>
                </span>
                {guest.isPending && <NotSentBadge />}
                <span className="ms-auto flex items-center gap-2">
                  <CheckOutAndUndo
                    name={name}
                    isCheckedOut={guest.checkedOutAt !== null}
                    onAct={(kind) => actOnGuest(kind, guest)}
                  />
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="flex flex-col items-center gap-1 rounded-xl bg-muted/60 px-2 py-3 text-center" data-testid={testId}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}
