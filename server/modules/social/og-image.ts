import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { categoryBadgeHexOf } from '../../../contract/category-colors';
import type { EventPreview } from './social.repository';

const OG_IMAGE_WIDTH = 1200;
const OG_IMAGE_HEIGHT = 630;

const require = createRequire(import.meta.url);

/** Fonts ship inside the @fontsource package: rendering never touches the network. */
function loadFonts() {
  const file = (name: string) => readFileSync(require.resolve(`@fontsource/inter/files/${name}`));
  return [
    { name: 'Inter', data: file('inter-latin-400-normal.woff'), weight: 400 as const, style: 'normal' as const },
    {
      name: 'Inter Ext',
      data: file('inter-latin-ext-400-normal.woff'),
      weight: 400 as const,
      style: 'normal' as const,
    },
    { name: 'Inter', data: file('inter-latin-700-normal.woff'), weight: 700 as const, style: 'normal' as const },
    {
      name: 'Inter Ext',
      data: file('inter-latin-ext-700-normal.woff'),
      weight: 700 as const,
      style: 'normal' as const,
    },
    { name: 'Inter', data: file('inter-latin-800-normal.woff'), weight: 800 as const, style: 'normal' as const },
  ];
}
let fonts: ReturnType<typeof loadFonts> | undefined;

type Node = {
  type: string;
  props: { style?: Record<string, unknown>; children?: Node | string | Array<Node | string> };
};
const element = (type: string, style: Record<string, unknown>, children?: Node['props']['children']): Node => ({
  type,
  props: { style, children },
});

function formatPreviewDate(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(date);
}

function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
}

let renderCount = 0;

/** How many share images this process has drawn: each costs tens of milliseconds of CPU (tests, diagnostics). */
export function countOgImageRenders(): number {
  return renderCount;
}

export async function renderOgImage(
  event: Omit<EventPreview, 'imageUrl' | 'firstPhotoId'>,
  timeZone: string,
): Promise<Buffer> {
  renderCount += 1;
  fonts ??= loadFonts();
  const attendance = event.maxAttendees
    ? `${event.rsvpCount}/${event.maxAttendees} attending`
    : `${event.rsvpCount} attending`;
  const organizer = [event.organizerFirstName, event.organizerLastName].filter(Boolean).join(' ');
  const tree = element(
    'div',
    {
      // Yoga sizes the content box: the padding is taken out of the width here, not added to it.
      width: OG_IMAGE_WIDTH - 144,
      height: OG_IMAGE_HEIGHT - 128,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '64px 72px',
      fontFamily: 'Inter, Inter Ext',
      color: '#0f172a',
      backgroundImage: 'linear-gradient(135deg, #ecfdf5 0%, #ffffff 55%, #f0fdfa 100%)',
    },
    [
      element('div', { display: 'flex', justifyContent: 'space-between', alignItems: 'center' }, [
        element(
          'div',
          {
            display: 'flex',
            padding: '10px 22px',
            borderRadius: 999,
            backgroundColor: categoryBadgeHexOf(event.categoryName),
            color: '#ffffff',
            fontSize: 28,
            fontWeight: 700,
          },
          event.categoryName,
        ),
        element('div', { display: 'flex', fontSize: 26, color: '#334155' }, attendance),
      ]),
      element('div', { display: 'flex', flexDirection: 'column' }, [
        element(
          'div',
          {
            display: 'flex',
            fontSize: event.title.length > 60 ? 58 : 72,
            fontWeight: 800,
            lineHeight: 1.1,
            letterSpacing: -1,
          },
          truncate(event.title, 110),
        ),
        element(
          'div',
          { display: 'flex', marginTop: 28, fontSize: 32, color: '#334155' },
          formatPreviewDate(event.date, timeZone),
        ),
        element(
          'div',
          { display: 'flex', marginTop: 10, fontSize: 32, color: '#334155' },
          truncate(event.location, 70),
        ),
      ]),
      element('div', { display: 'flex', justifyContent: 'space-between', alignItems: 'center' }, [
        element(
          'div',
          { display: 'flex', fontSize: 26, color: '#475569' },
          organizer ? `Organized by ${truncate(organizer, 50)}` : '',
        ),
        element('div', { display: 'flex', alignItems: 'center', fontSize: 40, fontWeight: 800, color: '#047857' }, [
          element('div', {
            display: 'flex',
            width: 44,
            height: 44,
            borderRadius: 12,
            backgroundColor: '#059669',
            marginRight: 14,
          }),
          'PitchIn',
        ]),
      ]),
    ],
  );
  const page = element('div', { width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, display: 'flex' }, tree);
  // Loaded on the first share image, not at start: the two renderers cost the server about 20 MB of
  // resident memory that most processes never need (memory target).
  const [{ default: satori }, { Resvg }] = await Promise.all([import('satori'), import('@resvg/resvg-js')]);
  const svg = await satori(page as unknown as Parameters<typeof satori>[0], {
    width: OG_IMAGE_WIDTH,
    height: OG_IMAGE_HEIGHT,
    fonts,
  });
  return new Resvg(svg, { fitTo: { mode: 'width', value: OG_IMAGE_WIDTH }, font: { loadSystemFonts: false } })
    .render()
    .asPng();
}
