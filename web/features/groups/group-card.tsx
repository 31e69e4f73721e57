import { CalendarDays, Heart, ShieldCheck, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { OrganizationCard } from '@contract/organizations';
import { Link } from 'wouter';
import { OrganizationLogo } from '@/components/organizations/organization-logo';
import { Badge } from '@/components/ui/badge';
import { formatNumber } from '@/lib/format-number';

/** One organization on the Groups screen: the whole card opens its page (/o/{slug}), where Follow is. */
export function GroupCard({ organization }: { organization: OrganizationCard }) {
  const { t, i18n } = useTranslation('groups');
  const count = (key: string, value: number) =>
    t(key, { count: value, formattedCount: formatNumber(value, i18n.language) });
  return (
    <Link
      href={`/o/${organization.slug}`}
      className="flex h-full flex-col gap-3 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      data-testid="group-card"
      data-slug={organization.slug}
    >
      <div className="flex items-start gap-3">
        <OrganizationLogo logoUrl={organization.logoUrl} className="size-12 rounded-xl" />
        <div className="min-w-0 flex-1">
          <h3 className="text-lg leading-snug font-semibold break-words" dir="auto">
            {organization.name}
          </h3>
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            {organization.role && (
              <Badge variant="secondary" data-testid="group-role">
                <ShieldCheck aria-hidden />
                {t(`roles.${organization.role}`)}
              </Badge>
            )}
            {organization.isFollowing && (
              <Badge variant="outline" className="text-muted-foreground" data-testid="group-following">
                <Heart aria-hidden />
                {t('following')}
              </Badge>
            )}
          </div>
        </div>
      </div>
      <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground" dir="auto">
        {organization.description}
      </p>
      <ul className="mt-auto grid gap-1.5 text-sm text-muted-foreground">
        <li className="flex items-center gap-2">
          <UserRound className="size-4 shrink-0" aria-hidden />
          {count('memberCount', organization.memberCount)} · {count('followerCount', organization.followerCount)}
        </li>
        <li className="flex items-center gap-2">
          <CalendarDays className="size-4 shrink-0" aria-hidden />
          {count('upcomingCount', organization.upcomingEventCount)}
        </li>
      </ul>
    </Link>
  );
}
