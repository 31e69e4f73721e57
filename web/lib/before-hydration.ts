import { createContext, useContext, useEffect } from 'react';
import { EARLY_EVENTS_FUNCTION } from '@contract/page-data';

/**
 * What a visitor did to a server-rendered page before the app took it over (decision 0010): the page
 * showed, but its buttons had no handlers yet and React did not see what was typed. The app replays it
 * once the screen is hydrated, so nothing done in that second or two is lost.
 */

type EarlyEvent = { type: 'click'; target: HTMLElement } | { type: 'submit'; target: HTMLFormElement };

declare global {
  interface Window {
    [EARLY_EVENTS_FUNCTION]?: () => EarlyEvent[];
  }
}

/**
 * The clicks on buttons and the form submits the page's script loader kept (server/lib/deferred-scripts.ts).
 * Called once the screen is hydrated: from then on React's own listeners take the events, so the loader stops.
 */
export function takeEarlyEvents(): EarlyEvent[] {
  return window[EARLY_EVENTS_FUNCTION]?.() ?? [];
}

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Tells React about a value the visitor typed before it was listening. React compares an input event
 * with the value it last saw (its value tracking, set at hydration to what was already typed), so the
 * field is first set through its tracked setter to its server value, then to the typed value through
 * the native setter, and only then does the input event read as a change.
 */
function retype(field: Field) {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
    const checked = field.checked;
    field.checked = field.defaultChecked;
    if (checked !== field.defaultChecked) field.click();
    return;
  }
  const typed = field.value;
  field.value = field.defaultValue;
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

function isChanged(field: Field): boolean {
  if (field instanceof HTMLInputElement) {
    if (field.type === 'file') return false;
    if (field.type === 'checkbox' || field.type === 'radio') return field.checked !== field.defaultChecked;
  }
  return field.value !== field.defaultValue;
}

/**
 * A tap as the page would have seen it: press, release, click. Radix opens menus and switches tabs on
 * the press (pointerdown, mousedown), plain buttons act on the click.
 */
function tap(target: HTMLElement) {
  const init = {
    bubbles: true,
    cancelable: true,
    composed: true,
    button: 0,
    buttons: 1,
    pointerType: 'mouse',
    isPrimary: true,
  };
  target.dispatchEvent(new PointerEvent('pointerdown', init));
  target.dispatchEvent(new MouseEvent('mousedown', init));
  target.dispatchEvent(new PointerEvent('pointerup', { ...init, buttons: 0 }));
  target.dispatchEvent(new MouseEvent('mouseup', { ...init, buttons: 0 }));
  target.click();
}

/**
 * Replays, once the screen is hydrated: what was typed into the page's fields first, then, once React
 * has rendered it (a form's submit handler reads it from state), the taps and submits.
 */
export async function replayBeforeHydration(root: HTMLElement, events: EarlyEvent[]): Promise<void> {
  const changed = [...root.querySelectorAll<Field>('input, textarea')].filter(isChanged);
  for (const field of changed) retype(field);
  if (changed.length > 0) await new Promise((resolve) => setTimeout(resolve, 0));
  for (const event of events) {
    if (!event.target.isConnected) continue;
    if (event.type === 'click') tap(event.target);
    else event.target.requestSubmit();
    // One at a time, as the visitor made them: a tap's render (a tab's new address, say) is in place
    // before the next tap reads it.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * Set by the root of a server-rendered page: what to do once the screen itself is in place, hydrated
 * or rendered afresh.
 */
export const ScreenCommittedContext = createContext<(() => void) | null>(null);

/**
 * Rendered beside the screen, inside the innermost Suspense boundary around it: React hydrates the
 * boundaries of a page one after another, outermost first, so this one's effect runs once the screen
 * and the chrome around it are all hydrated, which the root's own effect does not wait for.
 */
export function ScreenCommitted() {
  const onCommitted = useContext(ScreenCommittedContext);
  useEffect(() => {
    onCommitted?.();
    // From here on the screen takes keys and clicks itself: browser tests wait for this mark before
    // they type or press keys, which no replay covers.
    document.documentElement.dataset.screenLive = 'true';
  }, [onCommitted]);
  return null;
}
