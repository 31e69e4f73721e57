import { useContext, useSyncExternalStore } from 'react';
import { RenderedWithContext } from './rendered-with';

const subscribe = () => () => {};
const browserZone = () => undefined;

/**
 * The zone dates are shown in: `undefined` means the browser's own (format-event-date.ts then reads
 * Date's getters, no Intl). The server renders in the zone the browser last told it (a cookie), and
 * hydration must show what the server rendered, so until hydration ends this is the rendered zone;
 * React then renders once more in the browser's own (useSyncExternalStore's server snapshot).
 */
export function useDisplayTimeZone(): string | undefined {
  const rendered = useContext(RenderedWithContext)?.timeZone;
  return useSyncExternalStore(subscribe, browserZone, () => rendered);
}
