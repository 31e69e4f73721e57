import { useState, type CSSProperties } from 'react';
import { Calendar, Clock, MapPin, Users } from 'lucide-react';
import { BrandMark } from '@/components/brand-mark';
import {
  CARD_COLORS,
  CARD_LAYOUT,
  categoryBadgeColor,
  SHARE_IMAGE_HEIGHT,
  SHARE_IMAGE_WIDTH,
  type ShareCardContent,
} from './share-image';

/**
 * A length of the 1200×630 frame in container units, so the card scales like a picture: on a 390 px
 * phone it is the same card, smaller, never a re-flowed one (and it matches the downloaded PNG).
 */
function u(framePixels: number): string {
  return `${((framePixels * 100) / SHARE_IMAGE_WIDTH).toFixed(4)}cqw`;
}

const L = CARD_LAYOUT;

/** Each text takes its own direction (an English title stays LTR inside the Arabic card), as on the canvas. */
const PLAINTEXT: CSSProperties = { unicodeBidi: 'plaintext' };

function iconStyle(size: number): CSSProperties {
  return { width: u(size), height: u(size), color: CARD_COLORS.brand, flexShrink: 0 };
}

/** The share preview card: category, date, time, title, 2-line description, location, attendance, organizer, brand. */
export function SharePreviewCard({ content, label }: { content: ShareCardContent; label: string }) {
  const [failedPhotoUrl, setFailedPhotoUrl] = useState<string | null>(null);
  const photoUrl = content.photoUrl && content.photoUrl !== failedPhotoUrl ? content.photoUrl : null;
  const columnEnd = photoUrl ? L.photoWidth + L.photoGap : L.padding;
  const footerBottom = L.padding - 8;
  const titleGap = L.title.top - L.padding - L.pill.height;
  const footerTop = L.footer.dividerY;

  return (
    <figure aria-label={label} className="@container m-0 w-full" data-testid="share-preview-card">
      <div
        className="relative w-full overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-black/10 dark:ring-white/20"
        style={{
          aspectRatio: `${SHARE_IMAGE_WIDTH} / ${SHARE_IMAGE_HEIGHT}`,
          color: CARD_COLORS.text,
          textAlign: content.isRtl ? 'right' : 'left',
        }}
      >
        {photoUrl && (
          <img
            src={photoUrl}
            alt=""
            // The event's imageUrl is on another site, which must not learn which event is being shared.
            referrerPolicy="no-referrer"
            className="absolute inset-y-0 end-0 h-full object-cover"
            style={{ width: u(L.photoWidth), backgroundColor: CARD_COLORS.photoFallback }}
            onError={() => setFailedPhotoUrl(photoUrl)}
          />
        )}
        <div
          aria-hidden
          className="absolute inset-x-0 z-10 top-0"
          style={{
            height: u(L.accentHeight),
            backgroundImage: `linear-gradient(to right, ${CARD_COLORS.accentFrom}, ${CARD_COLORS.accentTo})`,
          }}
        />

        <div
          className="absolute flex flex-col"
          style={{
            top: u(L.padding),
            bottom: u(footerBottom),
            insetInlineStart: u(L.padding),
            insetInlineEnd: u(columnEnd),
          }}
        >
          <div className="flex items-center justify-between" style={{ height: u(L.pill.height), gap: u(24) }}>
            <span
              className="inline-flex min-w-0 items-center truncate rounded-full font-bold text-white"
              style={{
                height: u(L.pill.height),
                paddingInline: u(L.pill.paddingX),
                fontSize: u(L.pill.fontSize),
                backgroundColor: categoryBadgeColor(content.categoryColor),
              }}
            >
              <span className="truncate" style={PLAINTEXT}>
                {content.categoryName}
              </span>
            </span>
            <span
              className="flex shrink-0 items-center font-semibold"
              style={{ gap: u(10), fontSize: u(L.attendance.fontSize), color: CARD_COLORS.meta, maxWidth: '45%' }}
            >
              <Users aria-hidden style={iconStyle(L.attendance.iconSize)} />
              <span className="truncate" style={PLAINTEXT}>
                {content.attendanceText}
              </span>
            </span>
          </div>

          <p
            className="line-clamp-2 font-extrabold break-words"
            style={{
              ...PLAINTEXT,
              marginTop: u(titleGap),
              fontSize: u(L.title.fontSize),
              lineHeight: u(L.title.lineHeight),
              letterSpacing: '-0.01em',
            }}
          >
            {content.title}
          </p>
          <p
            className="line-clamp-2 break-words"
            style={{
              ...PLAINTEXT,
              marginTop: u(L.description.gap),
              fontSize: u(L.description.fontSize),
              lineHeight: u(L.description.lineHeight),
              color: CARD_COLORS.muted,
            }}
          >
            {content.description}
          </p>

          <div
            className="font-medium"
            style={{ marginTop: u(L.meta.gap), fontSize: u(L.meta.fontSize), color: CARD_COLORS.meta }}
          >
            <div className="flex min-w-0 items-center" style={{ height: u(L.meta.rowHeight), gap: u(32) }}>
              <span className="flex shrink-0 items-center" style={{ gap: u(10) }}>
                <Calendar aria-hidden style={iconStyle(L.meta.iconSize)} />
                <span style={PLAINTEXT}>{content.dateText}</span>
              </span>
              <span className="flex min-w-0 items-center" style={{ gap: u(10) }}>
                <Clock aria-hidden style={iconStyle(L.meta.iconSize)} />
                <span className="truncate" style={PLAINTEXT}>
                  {content.timeText}
                </span>
              </span>
            </div>
            <div className="flex min-w-0 items-center" style={{ height: u(L.meta.rowHeight), gap: u(10) }}>
              <MapPin aria-hidden style={iconStyle(L.meta.iconSize)} />
              <span className="truncate" style={PLAINTEXT}>
                {content.location}
              </span>
            </div>
          </div>

          <div
            className="absolute inset-x-0 bottom-0 flex items-end justify-between"
            style={{ top: u(footerTop - L.padding), borderTop: `${u(2)} solid ${CARD_COLORS.divider}`, gap: u(24) }}
          >
            <span className="flex min-w-0 items-center" style={{ height: u(L.footer.height), gap: u(14) }}>
              <span
                aria-hidden
                className="inline-flex shrink-0 items-center justify-center rounded-full font-bold"
                style={{
                  width: u(L.footer.avatarSize),
                  height: u(L.footer.avatarSize),
                  fontSize: u(20),
                  backgroundColor: CARD_COLORS.avatarBackground,
                  color: CARD_COLORS.avatarText,
                }}
              >
                {content.organizerInitials}
              </span>
              <span
                className="truncate font-medium"
                style={{ ...PLAINTEXT, fontSize: u(L.footer.fontSize), color: CARD_COLORS.muted }}
              >
                {content.organizerText}
              </span>
            </span>
            <span
              className="flex shrink-0 items-center font-extrabold"
              style={{
                height: u(L.footer.height),
                gap: u(12),
                fontSize: u(L.footer.brandFontSize),
                color: CARD_COLORS.brand,
              }}
            >
              <span
                className="inline-flex"
                style={{ width: u(L.footer.brandMarkSize), height: u(L.footer.brandMarkSize) }}
              >
                <BrandMark className="size-full!" />
              </span>
              <span>{content.brandName}</span>
            </span>
          </div>
        </div>
      </div>
    </figure>
  );
}
