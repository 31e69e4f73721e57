import { createHash } from 'node:crypto';
import { DEFERRED_SCRIPTS_ELEMENT_ID, EARLY_EVENTS_FUNCTION } from '../../contract/page-data';
import { toScriptJson } from './script-json';

/**
 * Loads a deferred page's scripts once its server-rendered HTML has been painted: the paint timing's
 * first-contentful-paint entry marks the moment the screen was shown. A hidden page (a background tab)
 * paints nothing, so it starts at once; browsers without paint timing start after the next frame; and
 * a last timeout makes sure nothing waits for ever. The preloads go in first so the entry's imports
 * download beside it instead of after it.
 *
 * Until the app takes over, the page looks ready but its buttons do nothing and a form would reload
 * the page. So the loader keeps the clicks on buttons and the submitted forms (stopping the reload), and
 * an Enter that sends a message, until the screen is hydrated, and the app then replays them
 * (web/lib/before-hydration.ts).
 */
const DEFERRED_SCRIPTS_LOADER = `(function () {
  var early = [];
  function pressable(event) {
    var target = event.target instanceof Element ? event.target.closest('button, [role="button"], [role="tab"], [role="menuitem"]') : null;
    // A submit button's work is its form's submit event, kept below.
    return target && !(target.type === 'submit' && target.form) ? target : null;
  }
  // While React hydrates, the parts it has reached would act on a press at once and the rest would
  // drop it: every press waits for the replay instead, so each acts exactly once.
  function onPress(event) {
    if (pressable(event)) event.stopPropagation();
  }
  function onClick(event) {
    var target = pressable(event);
    if (!target) return;
    event.stopPropagation();
    early.push({ type: 'click', target: target });
  }
  function onSubmit(event) {
    event.preventDefault();
    event.stopPropagation();
    early.push({ type: 'submit', target: event.target });
  }
  // In a message field where Enter sends (enterkeyhint="send": the chat's), Enter is its form's submit; the
  // textarea would otherwise take it as a new line, and the message would wait for a second Enter.
  function onKeyDown(event) {
    var field = event.target;
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing || !(field instanceof HTMLTextAreaElement)) return;
    if (field.getAttribute('enterkeyhint') !== 'send' || !field.form) return;
    event.preventDefault();
    event.stopPropagation();
    early.push({ type: 'submit', target: field.form });
  }
  var kept = { pointerdown: onPress, mousedown: onPress, pointerup: onPress, mouseup: onPress, click: onClick, submit: onSubmit, keydown: onKeyDown };
  Object.keys(kept).forEach(function (type) {
    document.addEventListener(type, kept[type], true);
  });
  window.${EARLY_EVENTS_FUNCTION} = function () {
    Object.keys(kept).forEach(function (type) {
      document.removeEventListener(type, kept[type], true);
    });
    return early;
  };
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var scripts = JSON.parse(document.getElementById('${DEFERRED_SCRIPTS_ELEMENT_ID}').textContent);
    scripts.preload.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var entry = document.createElement('script');
    entry.type = 'module';
    entry.crossOrigin = '';
    entry.src = scripts.entry;
    document.head.appendChild(entry);
  }
  document.addEventListener('DOMContentLoaded', function () {
    setTimeout(start, 3000);
    if (document.visibilityState === 'hidden') return start();
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('paint') === -1) {
      return requestAnimationFrame(function () {
        setTimeout(start, 0);
      });
    }
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  });
})();`;

/** The CSP source that allows the loader (server/plugins/security.ts). */
export const DEFERRED_SCRIPTS_LOADER_SOURCE = `'sha256-${createHash('sha256').update(DEFERRED_SCRIPTS_LOADER, 'utf8').digest('base64')}'`;

/**
 * A page whose HTML already shows its screen (the server rendered it) needs its scripts only to become
 * interactive. Left in the head, they download while the page waits for its first paint: on a slow
 * link they take bandwidth from the stylesheet and the event page's photo, and on a busy phone their
 * arrival competes with the first layout. This takes the entry script and every modulepreload out of
 * the HTML and lets the loader above add them after the first frame, in the same order.
 */
export function deferPageScripts(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html);
  if (!entry?.[1]) return html;
  const preload = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
  const scripts = toScriptJson({ entry: entry[1], preload });
  return html
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace(
      '</head>',
      () =>
        `<script type="application/json" id="${DEFERRED_SCRIPTS_ELEMENT_ID}">${scripts}</script><script>${DEFERRED_SCRIPTS_LOADER}</script></head>`,
    );
}
