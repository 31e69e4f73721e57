import { Maximize, Minimize, Search, UserCheck } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Door, DoorEntry } from '@contract/check-in';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { selfCheckInQrCodeUrl, useKioskDevice, useSelfCheckInCode } from './api/get-self-check-in-code';
import type { DoorAction, DoorActionKind } from './door-queue';

/** Names appear only once this much is typed: the screen faces everyone in the queue, not only the holder. */
const MIN_SEARCH_LENGTH = 2;
const WELCOME_MS = 5000;

/**
 * The browser's own full screen, for a tablet left at the door: its address bar and tabs go too. Known only
 * in an effect (the page is also rendered on the server); null where the browser offers none (iPhone Safari).
 */
function useFullScreen(): { isFullScreen: boolean; toggle: () => void } | null {
  const [isSupported, setIsSupported] = useState(false);
  const [isFullScreen, setIsFullScreen] = useState(false);
  useEffect(() => {
    setIsSupported(document.fullscreenEnabled);
    const onChange = () => setIsFullScreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (!isSupported) return null;
  return {
    isFullScreen,
    // A refusal (no user gesture, a policy) leaves the page as it was: nothing to tell.
    toggle: () =>
      void (
        document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()
      ).catch(() => undefined),
  };
}

function fullName(person: Pick<DoorEntry, 'user'>, fallback: string): string {
  return [person.user.firstName, person.user.lastName].filter(Boolean).join(' ').trim() || fallback;
}

/**
 * A tablet at the door, behind the organizer's session (decisions §19): the event's rotating QR code,
 * which a volunteer scans with their own phone to check themself in, and, for anyone without a phone,
 * their name to tap. A tap goes through the door's offline queue, like a scan at the door. It faces the
 * queue, so nothing on it leads back into the organizer's session (decisions §24): no back link, and the
 * door opens it in a tab of its own, whose history holds nothing to go back to.
 */
export type KioskScreenProps = {
  door: Door;
  pending: DoorAction[];
  enqueue: (kind: DoorActionKind, code: string) => Promise<unknown>;
};

/** Rendered by the door page, which holds the list and the offline queue the kiosk shares with it. */
export default function KioskScreen({ door, pending, enqueue }: KioskScreenProps) {
  const { t, i18n } = useTranslation('check-in');
  const eventId = door.eventId;
  const device = useKioskDevice();
  const code = useSelfCheckInCode(eventId, device);
  const [search, setSearch] = useState('');
  const [welcome, setWelcome] = useState<string | null>(null);
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const fullScreen = useFullScreen();

  useEffect(() => {
    if (!welcome) return;
    const timer = setTimeout(() => setWelcome(null), WELCOME_MS);
    return () => clearTimeout(timer);
  }, [welcome]);

  const query = search.trim().toLocaleLowerCase(locale);
  const matches = useMemo(() => {
    if (query.length < MIN_SEARCH_LENGTH) return [];
    const waiting = new Set(pending.filter((action) => action.kind === 'check-in').map((action) => action.code));
    return door.people.filter(
      (person) =>
        person.checkedInAt === null &&
        !waiting.has(person.code) &&
        fullName(person, '').toLocaleLowerCase(locale).includes(query),
    );
  }, [door.people, pending, query, locale]);

  const checkIn = (person: DoorEntry) => {
    void enqueue('check-in', person.code);
    setWelcome(t('kiosk.welcome', { name: fullName(person, t('unknownPerson')) }));
    setSearch('');
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 pt-4 pb-8 sm:px-6 sm:pt-6">
      <div className="flex min-h-8 items-center justify-end gap-2">
        {fullScreen && (
          <Button
            variant="ghost"
            size="sm"
            className="-me-3 text-muted-foreground"
            onClick={fullScreen.toggle}
            data-testid="kiosk-full-screen"
          >
            {fullScreen.isFullScreen ? <Minimize aria-hidden /> : <Maximize aria-hidden />}
            {fullScreen.isFullScreen ? t('kiosk.exitFullScreen') : t('kiosk.fullScreen')}
          </Button>
        )}
      </div>
      <header className="flex flex-col gap-1 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('kiosk.title')}</h1>
        <p className="text-lg break-words text-muted-foreground" dir="auto">
          {door.title}
        </p>
      </header>

      {welcome && (
        <p
          role="status"
          className="rounded-xl bg-green-100 p-4 text-center text-xl font-semibold text-green-900 dark:bg-green-950 dark:text-green-200"
          data-testid="kiosk-welcome"
        >
          {welcome}
        </p>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardContent className="flex flex-col items-center gap-4 p-6 text-center">
            <p className="text-lg font-medium">{t('kiosk.scan')}</p>
            {code.data ? (
              // White around the code whatever the theme: phone cameras need the quiet zone to read it.
              <img
                src={selfCheckInQrCodeUrl(eventId, code.data.code)}
                alt={t('kiosk.qrAlt')}
                width={320}
                height={320}
                className="aspect-square w-full max-w-80 rounded-xl bg-white p-2"
                data-testid="kiosk-qr-code"
                data-code={code.data.code}
              />
            ) : (
              <p
                className="flex aspect-square w-full max-w-80 items-center justify-center rounded-xl bg-muted p-6 text-sm text-muted-foreground"
                role={code.error ? 'alert' : 'status'}
              >
                {code.error ? t('kiosk.loadFailed') : t('loading')}
              </p>
            )}
            <p className="text-sm text-muted-foreground">{t('kiosk.refreshes')}</p>
            {device && (
              <p className="text-xs text-muted-foreground" data-testid="kiosk-device">
                {t('kiosk.device', { device })}
              </p>
            )}
          </CardContent>
        </Card>

        <Card>
          <CardContent className="flex flex-col gap-3 p-6">
            <h2 className="text-lg font-semibold">{t('kiosk.orFind')}</h2>
            <div className="relative">
              <Search
                className="pointer-events-none absolute start-3 top-3.5 size-5 text-muted-foreground"
                aria-hidden
              />
              <Input
                type="search"
                value={search}
                onChange={(event) => setSearch(event.target.value)}
                placeholder={t('searchPlaceholder')}
                aria-label={t('searchPlaceholder')}
                autoComplete="off"
                dir="auto"
                className="h-12 ps-10 text-lg"
                data-testid="kiosk-search"
              />
            </div>
            {query.length >= MIN_SEARCH_LENGTH && matches.length === 0 && (
              <p className="text-sm text-muted-foreground">{t('noMatch')}</p>
            )}
            <ul className="flex flex-col gap-2" data-testid="kiosk-matches">
              {matches.slice(0, 6).map((person) => {
                const name = fullName(person, t('unknownPerson'));
                return (
                  <li key={person.code} className="flex items-center gap-3 rounded-lg border border-border p-3">
                    <span className="min-w-0 flex-1 truncate text-lg font-medium" dir="auto">
                      {name}
                    </span>
                    <Button size="lg" onClick={() => checkIn(person)} aria-label={t('kiosk.checkInName', { name })}>
                      <UserCheck aria-hidden />
                      {t('kiosk.checkIn')}
                    </Button>
                  </li>
                );
              })}
            </ul>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
