import { useId } from 'react';
import { cx } from '@/lib/cx';

/** The PitchIn mark (a heart with a tick: "I'm in"), drawn inline so it inherits no extra request. */
export function BrandMark({ className }: { className?: string }) {
  // The mark can appear more than once per page; gradient ids must stay unique.
  const gradientId = useId();
  return (
    <svg viewBox="0 0 64 64" aria-hidden focusable="false" className={cx('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#059669" />
          <stop offset="1" stopColor="#0f766e" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
      <path d="M32 48s-15-8.6-15-19.2A8.3 8.3 0 0 1 32 24a8.3 8.3 0 0 1 15 4.8C47 39.4 32 48 32 48Z" fill="#fff" />
      <path
        d="M27 33.5l3.6 3.6L38 29.7"
        fill="none"
        stroke="#059669"
        strokeWidth="3.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function BrandLogo({ className }: { className?: string }) {
  return (
    <span className={cx('inline-flex items-center gap-2 text-xl font-bold tracking-tight', className)}>
      <BrandMark />
      <span>PitchIn</span>
    </span>
  );
}
