import { Building2 } from 'lucide-react';
import { cn } from '@/lib/utils';

/**
 * An organization's logo, or a building on the secondary tint when it has none. Decorative: the
 * organization's name is always beside it. The stored logo is a 256 px square (ORGANIZATION_LIMITS).
 */
export function OrganizationLogo({
  logoUrl,
  className,
  iconClassName,
}: {
  logoUrl: string | null;
  className?: string;
  iconClassName?: string;
}) {
  const frame = cn('inline-flex shrink-0 items-center justify-center overflow-hidden rounded-2xl', className);
  if (logoUrl)
    return (
      <img
        src={logoUrl}
        alt=""
        width={256}
        height={256}
        loading="lazy"
        decoding="async"
        className={cn(frame, 'bg-card object-cover')}
        data-testid="organization-logo"
      />
    );
  return (
    <span className={cn(frame, 'bg-secondary text-secondary-foreground')} aria-hidden>
      <Building2 className={cn('size-1/2', iconClassName)} />
    </span>
  );
}
