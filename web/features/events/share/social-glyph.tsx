import type { SVGProps } from 'react';
import { Bird } from 'lucide-react';
import type { SocialNetwork } from './share-links';

export type SocialTarget = SocialNetwork | 'instagram';

/** Simple single-colour glyphs of the networks (the icon set has no brand marks). */
export function SocialGlyph({ network, ...props }: { network: SocialTarget } & SVGProps<SVGSVGElement>) {
  if (network === 'twitter') return <Bird aria-hidden {...props} />;
  return (
    <svg viewBox="0 0 24 24" aria-hidden focusable="false" {...props}>
      {network === 'facebook' && (
        <path
          fill="currentColor"
          d="M13.5 21v-7.6h2.6l.4-3h-3V8.5c0-.9.3-1.5 1.6-1.5h1.6V4.3a21 21 0 0 0-2.4-.1c-2.3 0-3.9 1.4-3.9 4v2.2H7.8v3h2.6V21h3.1Z"
        />
      )}
      {network === 'linkedin' && (
        <g fill="currentColor">
          <rect x="3.5" y="9" width="3.6" height="11.5" rx=".4" />
          <circle cx="5.3" cy="5.3" r="2.1" />
          <path d="M9.6 9h3.4v1.6c.6-1.1 1.9-1.9 3.7-1.9 2.8 0 4 1.7 4 4.9v6.9h-3.6v-6.1c0-1.6-.5-2.5-1.8-2.5-1.4 0-2.1 1-2.1 2.6v6H9.6Z" />
        </g>
      )}
      {network === 'instagram' && (
        <g fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.3" cy="6.7" r=".6" fill="currentColor" />
        </g>
      )}
    </svg>
  );
}
