import type { TFunction } from 'i18next';
import type { Event } from '@contract/events';
import { CATEGORY_BADGE_HEX, categoryColorOf, type CategoryColor } from '@contract/category-colors';
import { BRAND_NAME } from '@contract/social';
import { avatarInitial } from '@/components/people/person-avatar';

/**
 * The social preview card as a picture: one layout, used twice. The dialog shows it as HTML scaled to
 * its box (share-preview-card.tsx, sizes in container units of this 1200×630 frame) and 'Download
 * Image' draws it here on a canvas, so the download looks like what the user saw without pulling an
 * HTML-to-canvas library into the bundle.
 */

/** 1200×630, drawn at scale 2 on white; a remote photo gets 15 s before it is left out. */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;
export const SHARE_IMAGE_SCALE = 2;
export const SHARE_IMAGE_BACKGROUND = '#ffffff';
export const SHARE_IMAGE_TIMEOUT_MS = 15_000;

/** Layout of the 1200×630 frame, in its own pixels. */
export const CARD_LAYOUT = {
  padding: 64,
  accentHeight: 10,
  photoWidth: 420,
  photoGap: 56,
  pill: { height: 48, paddingX: 22, fontSize: 24 },
  attendance: { fontSize: 24, iconSize: 28 },
  title: { top: 146, fontSize: 54, lineHeight: 64, maxLines: 2 },
  description: { gap: 12, fontSize: 25, lineHeight: 36, maxLines: 2 },
  meta: { gap: 26, fontSize: 25, rowHeight: 44, iconSize: 28 },
  footer: { dividerY: 500, height: 52, avatarSize: 48, fontSize: 24, brandMarkSize: 44, brandFontSize: 30 },
} as const;

export const CARD_COLORS = {
  text: '#0f172a',
  muted: '#475569',
  meta: '#334155',
  divider: '#e2e8f0',
  brand: '#047857',
  accentFrom: '#059669',
  accentTo: '#0f766e',
  avatarBackground: '#d1fae5',
  avatarText: '#065f46',
  photoFallback: '#ecfdf5',
} as const;

/** The solid badge colour of a category colour (contract/category-colors.ts), the same as the server's image. */
export function categoryBadgeColor(color: CategoryColor): string {
  return CATEGORY_BADGE_HEX[color];
}

export interface ShareCardContent {
  categoryName: string;
  categoryColor: CategoryColor;
  title: string;
  description: string;
  dateText: string;
  timeText: string;
  location: string;
  attendanceText: string;
  organizerText: string;
  organizerInitials: string;
  brandName: string;
  photoUrl: string | null;
  isRtl: boolean;
}

/** The share card's fields, in the user's language: the same strings feed the HTML preview and the PNG. */
export function buildShareCardContent(
  event: Event,
  t: TFunction<'share'>,
  language: string,
  isRtl: boolean,
): ShareCardContent {
  const date = new Date(event.date);
  const firstName = event.organizer.firstName?.trim() || t('preview.unknownFirstName');
  const lastName = event.organizer.lastName?.trim() || t('preview.unknownLastName');
  return {
    categoryName: event.category.name || t('preview.defaultCategory'),
    categoryColor: categoryColorOf(event.category.name),
    title: event.title,
    description: event.description,
    dateText: new Intl.DateTimeFormat(language, {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(date),
    timeText: new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit' }).format(date),
    location: event.location,
    attendanceText:
      event.maxAttendees === null
        ? t('preview.attendingNoLimit', { rsvpCount: event.rsvpCount })
        : t('preview.attending', { rsvpCount: event.rsvpCount, maxAttendees: event.maxAttendees }),
    organizerText: t('preview.organizedBy', { firstName, lastName }),
    // The same initial as every other avatar of the app (user-avatar.tsx).
    organizerInitials: avatarInitial(event.organizer),
    brandName: BRAND_NAME,
    photoUrl: event.images[0] ?? event.imageUrl ?? null,
    isRtl,
  };
}

/**
 * File name of the download: the title lower-cased, then every character outside [a-z0-9] (spaces,
 * punctuation, accented and non-Latin letters alike, one '_' per character) replaced by '_', then
 * '_share.png'. 'Beach Clean-up: Día 1!' → 'beach_clean_up__d_a_1__share.png'.
 */
export function shareImageFileName(title: string): string {
  return `${title.toLowerCase().replace(/[^a-z0-9]/gu, '_')}_share.png`;
}

const RTL_CHARACTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const LETTER = /\p{L}/u;

/**
 * The direction of a piece of text from its first strong letter (what `unicode-bidi: plaintext` does
 * in the HTML card), so an English title in the Arabic interface keeps its punctuation in place.
 */
function textDirection(text: string, fallback: 'ltr' | 'rtl'): 'ltr' | 'rtl' {
  for (const char of text) {
    if (RTL_CHARACTER.test(char)) return 'rtl';
    if (LETTER.test(char)) return 'ltr';
  }
  return fallback;
}

/** Rejects with a TimeoutError after `ms` unless `promise` settles first. */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout?.();
      const error = new Error(`Timed out after ${ms} ms`);
      error.name = 'TimeoutError';
      reject(error);
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Greedy line breaking for the canvas (which has none): words first, and a word wider than the line
 * (or text without spaces, as in Chinese and Japanese) is broken between characters. The last allowed
 * line ends with '…' when text is left over.
 */
export function wrapText(
  text: string,
  maxWidth: number,
  maxLines: number,
  measure: (text: string) => number,
): string[] {
  const normalized = text.replace(/\s+/g, ' ').trim();
  if (!normalized || maxLines < 1) return [];
  const units: Array<{ text: string; hasSpaceBefore: boolean }> = [];
  normalized.split(' ').forEach((word, index) => {
    if (measure(word) <= maxWidth) {
      units.push({ text: word, hasSpaceBefore: index > 0 });
      return;
    }
    Array.from(word).forEach((char, charIndex) =>
      units.push({ text: char, hasSpaceBefore: index > 0 && charIndex === 0 }),
    );
  });

  const lines: string[] = [];
  let current = '';
  let isTruncated = false;
  for (const unit of units) {
    const candidate = current ? `${current}${unit.hasSpaceBefore ? ' ' : ''}${unit.text}` : unit.text;
    if (!current || measure(candidate) <= maxWidth) {
      current = candidate;
      continue;
    }
    lines.push(current);
    if (lines.length === maxLines) {
      isTruncated = true;
      break;
    }
    current = unit.text;
  }
  if (!isTruncated && current) lines.push(current);
  if (isTruncated) lines[maxLines - 1] = ellipsize(lines[maxLines - 1] ?? '', maxWidth, measure);
  return lines;
}

/** Shortens `text` until it and a trailing '…' fit in `maxWidth`. */
export function ellipsize(text: string, maxWidth: number, measure: (text: string) => number): string {
  const chars = Array.from(text.trimEnd());
  while (chars.length > 0 && measure(`${chars.join('').trimEnd()}…`) > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

/** Fits one line: the text itself when it fits, else shortened with '…'. */
export function fitLine(text: string, maxWidth: number, measure: (text: string) => number): string {
  const normalized = text.replace(/\s+/g, ' ').trim();
  return measure(normalized) <= maxWidth ? normalized : ellipsize(normalized, maxWidth, measure);
}

// Lucide's calendar, clock, map-pin and users icons (24×24 strokes), as path data for Path2D.
const ICONS = {
  calendar: 'M8 2v3M16 2v3M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2ZM3 9h18',
  clock: 'M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0M12 6v6l4 2',
  mapPin:
    'M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0M9 10a3 3 0 1 0 6 0a3 3 0 1 0-6 0',
  users:
    'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M16 3.128a4 4 0 0 1 0 7.744M22 21v-2a4 4 0 0 0-3-3.87M5 7a4 4 0 1 0 8 0a4 4 0 1 0-8 0',
} as const;
// The brand mark of web/components/brand-mark.tsx (64×64).
const BRAND_HEART = 'M32 48s-15-8.6-15-19.2A8.3 8.3 0 0 1 32 24a8.3 8.3 0 0 1 15 4.8C47 39.4 32 48 32 48Z';
const BRAND_TICK = 'M27 33.5l3.6 3.6L38 29.7';

type Icon = keyof typeof ICONS;

function loadImage(url: string, timeoutMs: number): Promise<HTMLImageElement> {
  const image = new Image();
  // Without CORS a cross-site photo would taint the canvas and toBlob would throw; asking for CORS
  // makes such a photo fail to load instead, and it is then left out.
  image.crossOrigin = 'anonymous';
  image.decoding = 'async';
  // The event's imageUrl is on another site, which must not learn which event is being shared.
  image.referrerPolicy = 'no-referrer';
  const loaded = new Promise<HTMLImageElement>((resolve, reject) => {
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error(`Could not load ${url}`));
  });
  image.src = url;
  return withTimeout(loaded, timeoutMs, () => {
    image.src = '';
  });
}

interface DrawOptions {
  fontFamily: string;
}

/** Draws the card on `ctx` in 1200×630 units (the caller scales the context). */
function drawShareCard(
  ctx: CanvasRenderingContext2D,
  card: ShareCardContent,
  photo: CanvasImageSource | null,
  options: DrawOptions,
): void {
  const { padding } = CARD_LAYOUT;
  const W = SHARE_IMAGE_WIDTH;
  const H = SHARE_IMAGE_HEIGHT;
  const font = (weight: number, size: number) => `${weight} ${size}px ${options.fontFamily}`;
  const measureWith = (fontSpec: string) => (text: string) => {
    ctx.font = fontSpec;
    return ctx.measureText(text).width;
  };

  ctx.fillStyle = SHARE_IMAGE_BACKGROUND;
  ctx.fillRect(0, 0, W, H);
  ctx.direction = card.isRtl ? 'rtl' : 'ltr';
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';

  // The photo sits on the end side; the text column takes what is left.
  const hasPhoto = photo !== null;
  const photoWidth = hasPhoto ? CARD_LAYOUT.photoWidth : 0;
  const columnStart = card.isRtl ? (hasPhoto ? photoWidth + CARD_LAYOUT.photoGap : padding) : padding;
  const columnEnd = card.isRtl ? W - padding : hasPhoto ? W - photoWidth - CARD_LAYOUT.photoGap : W - padding;
  const columnWidth = columnEnd - columnStart;
  /** Left x of a box of `width` placed `offset` from the column's start edge (right edge in RTL). */
  const fromStart = (offset: number, width: number) => (card.isRtl ? columnEnd - offset - width : columnStart + offset);
  const fromEnd = (offset: number, width: number) => (card.isRtl ? columnStart + offset : columnEnd - offset - width);

  if (photo) {
    const photoX = card.isRtl ? 0 : W - photoWidth;
    drawCover(ctx, photo, photoX, 0, photoWidth, H);
  }

  const accent = ctx.createLinearGradient(0, 0, W, 0);
  accent.addColorStop(0, CARD_COLORS.accentFrom);
  accent.addColorStop(1, CARD_COLORS.accentTo);
  ctx.fillStyle = accent;
  ctx.fillRect(0, 0, W, CARD_LAYOUT.accentHeight);

  // Top row: category pill at the start, attendance at the end.
  const pill = CARD_LAYOUT.pill;
  const pillFont = font(700, pill.fontSize);
  const attendance = CARD_LAYOUT.attendance;
  const attendanceFont = font(600, attendance.fontSize);
  const attendanceTextWidth = Math.min(measureWith(attendanceFont)(card.attendanceText), columnWidth * 0.45);
  const attendanceWidth = attendance.iconSize + 10 + attendanceTextWidth;
  const pillLabel = fitLine(
    card.categoryName,
    columnWidth - attendanceWidth - 2 * pill.paddingX - 24,
    measureWith(pillFont),
  );
  const pillWidth = measureWith(pillFont)(pillLabel) + 2 * pill.paddingX;
  const pillX = fromStart(0, pillWidth);
  const rowCenter = padding + pill.height / 2;
  ctx.fillStyle = categoryBadgeColor(card.categoryColor);
  roundRect(ctx, pillX, padding, pillWidth, pill.height, pill.height / 2);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.font = pillFont;
  fillTextLeft(ctx, pillLabel, pillX + pill.paddingX, rowCenter + 1, card.isRtl);
  drawIconText(ctx, {
    icon: 'users',
    iconSize: attendance.iconSize,
    text: fitLine(card.attendanceText, attendanceTextWidth, measureWith(attendanceFont)),
    font: attendanceFont,
    color: CARD_COLORS.meta,
    left: fromEnd(0, attendanceWidth),
    centerY: rowCenter,
    isRtl: card.isRtl,
  });

  // Title and description.
  const title = CARD_LAYOUT.title;
  const titleFont = font(800, title.fontSize);
  const titleLines = wrapText(card.title, columnWidth, title.maxLines, measureWith(titleFont));
  ctx.fillStyle = CARD_COLORS.text;
  ctx.font = titleFont;
  let y = title.top;
  for (const line of titleLines) {
    ctx.font = titleFont;
    fillTextLeft(ctx, line, fromStart(0, ctx.measureText(line).width), y + title.lineHeight / 2, card.isRtl);
    y += title.lineHeight;
  }

  const description = CARD_LAYOUT.description;
  const descriptionFont = font(400, description.fontSize);
  const descriptionLines = wrapText(card.description, columnWidth, description.maxLines, measureWith(descriptionFont));
  y += description.gap;
  ctx.fillStyle = CARD_COLORS.muted;
  for (const line of descriptionLines) {
    ctx.font = descriptionFont;
    fillTextLeft(ctx, line, fromStart(0, ctx.measureText(line).width), y + description.lineHeight / 2, card.isRtl);
    y += description.lineHeight;
  }

  // Date and time on one row, location on the next.
  const meta = CARD_LAYOUT.meta;
  const metaFont = font(500, meta.fontSize);
  const measureMeta = measureWith(metaFont);
  y += meta.gap;
  const dateWidth = meta.iconSize + 10 + measureMeta(card.dateText);
  drawIconText(ctx, {
    icon: 'calendar',
    iconSize: meta.iconSize,
    text: card.dateText,
    font: metaFont,
    color: CARD_COLORS.meta,
    left: fromStart(0, dateWidth),
    centerY: y + meta.rowHeight / 2,
    isRtl: card.isRtl,
  });
  const timeText = fitLine(card.timeText, Math.max(0, columnWidth - dateWidth - 32 - meta.iconSize - 10), measureMeta);
  const timeWidth = meta.iconSize + 10 + measureMeta(timeText);
  drawIconText(ctx, {
    icon: 'clock',
    iconSize: meta.iconSize,
    text: timeText,
    font: metaFont,
    color: CARD_COLORS.meta,
    left: fromStart(dateWidth + 32, timeWidth),
    centerY: y + meta.rowHeight / 2,
    isRtl: card.isRtl,
  });
  y += meta.rowHeight;
  const location = fitLine(card.location, columnWidth - meta.iconSize - 10, measureMeta);
  const locationWidth = meta.iconSize + 10 + measureMeta(location);
  drawIconText(ctx, {
    icon: 'mapPin',
    iconSize: meta.iconSize,
    text: location,
    font: metaFont,
    color: CARD_COLORS.meta,
    left: fromStart(0, locationWidth),
    centerY: y + meta.rowHeight / 2,
    isRtl: card.isRtl,
  });

  // Footer: organizer at the start, the brand at the end, under a hairline.
  const footer = CARD_LAYOUT.footer;
  ctx.fillStyle = CARD_COLORS.divider;
  ctx.fillRect(columnStart, footer.dividerY, columnWidth, 2);
  const footerCenter = H - padding + 8 - footer.height / 2;
  const brandFont = font(800, footer.brandFontSize);
  const brandWidth = footer.brandMarkSize + 12 + measureWith(brandFont)(card.brandName);
  const brandLeft = fromEnd(0, brandWidth);
  const markX = card.isRtl ? brandLeft + brandWidth - footer.brandMarkSize : brandLeft;
  drawBrandMark(ctx, markX, footerCenter - footer.brandMarkSize / 2, footer.brandMarkSize);
  ctx.fillStyle = CARD_COLORS.brand;
  ctx.font = brandFont;
  fillTextLeft(
    ctx,
    card.brandName,
    card.isRtl ? brandLeft : brandLeft + footer.brandMarkSize + 12,
    footerCenter + 1,
    card.isRtl,
  );

  const avatarX = fromStart(0, footer.avatarSize);
  ctx.fillStyle = CARD_COLORS.avatarBackground;
  ctx.beginPath();
  ctx.arc(avatarX + footer.avatarSize / 2, footerCenter, footer.avatarSize / 2, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = CARD_COLORS.avatarText;
  ctx.font = font(700, 20);
  const initialsWidth = ctx.measureText(card.organizerInitials).width;
  fillTextLeft(
    ctx,
    card.organizerInitials,
    avatarX + (footer.avatarSize - initialsWidth) / 2,
    footerCenter + 1,
    card.isRtl,
  );
  const organizerFont = font(500, footer.fontSize);
  const organizer = fitLine(
    card.organizerText,
    columnWidth - brandWidth - footer.avatarSize - 14 - 24,
    measureWith(organizerFont),
  );
  ctx.font = organizerFont;
  ctx.fillStyle = CARD_COLORS.muted;
  fillTextLeft(
    ctx,
    organizer,
    fromStart(footer.avatarSize + 14, ctx.measureText(organizer).width),
    footerCenter + 1,
    card.isRtl,
  );
}

function drawIconText(
  ctx: CanvasRenderingContext2D,
  item: {
    icon: Icon;
    iconSize: number;
    text: string;
    font: string;
    color: string;
    left: number;
    centerY: number;
    isRtl: boolean;
  },
) {
  ctx.font = item.font;
  const textWidth = ctx.measureText(item.text).width;
  const iconX = item.isRtl ? item.left + textWidth + 10 : item.left;
  const textX = item.isRtl ? item.left : item.left + item.iconSize + 10;
  ctx.save();
  ctx.translate(iconX, item.centerY - item.iconSize / 2);
  ctx.scale(item.iconSize / 24, item.iconSize / 24);
  ctx.strokeStyle = CARD_COLORS.brand;
  ctx.lineWidth = 2;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.stroke(new Path2D(ICONS[item.icon]));
  ctx.restore();
  ctx.fillStyle = item.color;
  ctx.font = item.font;
  fillTextLeft(ctx, item.text, textX, item.centerY + 1, item.isRtl);
}

/** Draws `text` with its left edge at `x`, in the text's own direction (see textDirection). */
function fillTextLeft(ctx: CanvasRenderingContext2D, text: string, x: number, y: number, isRtl: boolean) {
  ctx.direction = textDirection(text, isRtl ? 'rtl' : 'ltr');
  ctx.textAlign = 'left';
  ctx.fillText(text, x, y);
}

function drawBrandMark(ctx: CanvasRenderingContext2D, x: number, y: number, size: number) {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(size / 64, size / 64);
  const gradient = ctx.createLinearGradient(0, 0, 64, 64);
  gradient.addColorStop(0, '#059669');
  gradient.addColorStop(1, '#0f766e');
  ctx.fillStyle = gradient;
  roundRect(ctx, 0, 0, 64, 64, 16);
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.fill(new Path2D(BRAND_HEART));
  ctx.strokeStyle = '#059669';
  ctx.lineWidth = 3.4;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.stroke(new Path2D(BRAND_TICK));
  ctx.restore();
}

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, width: number, height: number, radius: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, width, height, radius);
}

/** Like CSS object-fit: cover. */
function drawCover(
  ctx: CanvasRenderingContext2D,
  image: CanvasImageSource,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  const source = image as HTMLImageElement;
  const sourceWidth = source.naturalWidth || source.width;
  const sourceHeight = source.naturalHeight || source.height;
  ctx.fillStyle = CARD_COLORS.photoFallback;
  ctx.fillRect(x, y, width, height);
  if (!sourceWidth || !sourceHeight) return;
  const scale = Math.max(width / sourceWidth, height / sourceHeight);
  const cropWidth = width / scale;
  const cropHeight = height / scale;
  ctx.drawImage(
    image,
    (sourceWidth - cropWidth) / 2,
    (sourceHeight - cropHeight) / 2,
    cropWidth,
    cropHeight,
    x,
    y,
    width,
    height,
  );
}

function renderToCanvas(card: ShareCardContent, photo: HTMLImageElement | null, fontFamily: string): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = SHARE_IMAGE_WIDTH * SHARE_IMAGE_SCALE;
  canvas.height = SHARE_IMAGE_HEIGHT * SHARE_IMAGE_SCALE;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas 2D is unavailable');
  ctx.scale(SHARE_IMAGE_SCALE, SHARE_IMAGE_SCALE);
  drawShareCard(ctx, card, photo, { fontFamily });
  return canvas;
}

function isTainted(canvas: HTMLCanvasElement): boolean {
  try {
    canvas.getContext('2d')?.getImageData(0, 0, 1, 1);
    return false;
  } catch {
    return true;
  }
}

function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The image could not be encoded'))), 'image/png');
  });
}

/**
 * The 2400×1260 PNG of the card. The photo, if any, is awaited for at most `timeoutMs` and left out
 * when it fails, times out or would taint the canvas: a card without its photo beats no card.
 */
export async function generateShareImage(
  card: ShareCardContent,
  options: { timeoutMs?: number; fontFamily?: string } = {},
): Promise<Blob> {
  const fontFamily = options.fontFamily ?? (getComputedStyle(document.body).fontFamily || 'system-ui, sans-serif');
  await document.fonts?.ready;
  let photo: HTMLImageElement | null = null;
  if (card.photoUrl) {
    photo = await loadImage(card.photoUrl, options.timeoutMs ?? SHARE_IMAGE_TIMEOUT_MS).catch(() => null);
  }
  let canvas = renderToCanvas(card, photo, fontFamily);
  if (photo && isTainted(canvas)) canvas = renderToCanvas(card, null, fontFamily);
  return canvasToPng(canvas);
}

/** Saves `blob` under `fileName` through a temporary link (works without any download API). */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; a minute is plenty for it to start.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
