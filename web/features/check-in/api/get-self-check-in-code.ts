import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SELF_CHECK_IN_CODE_SECONDS } from '@contract/check-in';
import { apiUrl, readQueryOptions } from '@/lib/api-read';

/** A new code as often as the server makes them (decisions §22): the one before stays good a while longer. */
const ROTATE_MS = SELF_CHECK_IN_CODE_SECONDS * 1000;
const DEVICE_STORAGE_KEY = 'pitchin-kiosk-device';
/** No 0/O, 1/I/L: an organizer reads the kiosk's name off the screen and finds it on the door's list. */
const DEVICE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function readStoredDevice(): string | null {
  try {
    return localStorage.getItem(DEVICE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function newDeviceName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return Array.from(bytes, (byte) => DEVICE_ALPHABET[byte % DEVICE_ALPHABET.length]).join('');
}

/**
 * The kiosk's own name, kept on the tablet so that it stays the same across reloads: each code it shows
 * carries it, and each self check-in made with one is logged under it. Known only in an effect (the page is
 * also rendered on the server); a browser refusing storage gets a name for this page's life.
 */
export function useKioskDevice(): string | null {
  const [device, setDevice] = useState<string | null>(null);
  useEffect(() => {
    let name = readStoredDevice();
    if (!name || !/^[A-Za-z0-9]{4,16}$/.test(name)) {
      name = newDeviceName();
      try {
        localStorage.setItem(DEVICE_STORAGE_KEY, name);
      } catch {
        // Private windows may refuse storage: the name lasts as long as the page.
      }
    }
    setDevice(name);
  }, []);
  return device;
}

/** GET /api/events/{id}/check-in-code?device=: a kiosk's rotating self check-in code (organizer only). */
function selfCheckInCodeQueryOptions(eventId: number, device: string) {
  return readQueryOptions('/api/events/{id}/check-in-code', { path: { id: eventId }, query: { device } });
}

export function useSelfCheckInCode(eventId: number, device: string | null) {
  return useQuery({
    ...selfCheckInCodeQueryOptions(eventId, device ?? ''),
    enabled: device !== null,
    refetchInterval: ROTATE_MS,
    refetchIntervalInBackground: true,
    // A code is worth nothing once old: never shown from a cache, never kept past its life.
    staleTime: 0,
    gcTime: ROTATE_MS,
  });
}

/** The code's link drawn as a QR code by the server (SVG): no encoder reaches the browser. */
export function selfCheckInQrCodeUrl(eventId: number, code: string): string {
  return apiUrl('/api/events/{id}/check-in-code/qr-code', { path: { id: eventId }, query: { code } });
}
