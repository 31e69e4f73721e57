import {
  Activity,
  Globe,
  Lock,
  LogOut,
  MessageCircle,
  Settings,
  ShieldCheck,
  UserPlus,
  UserRound,
  Users,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import type { SampleGroup } from './sample-data';

const TILE_TONES = [
  'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300',
  'bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-300',
  'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300',
  'bg-violet-100 text-violet-800 dark:bg-violet-400/15 dark:text-violet-300',
];

/** Groups: join, leave, chat and manage only log to the console (sample data). */
export function GroupCard({ group, index }: { group: SampleGroup; index: number }) {
  const { t } = useTranslation('groups');
  const name = t(`sample.${group.id}.name`);
  const isAdmin = group.userRole === 'admin';
  const log = (action: string) => console.log(`[groups] ${action} (sample data, nothing sent)`, { groupId: group.id });

  return (
    <Card className="flex h-full flex-col gap-4 p-5" data-testid="group-card" data-group-id={group.id}>
      <div className="flex items-start gap-3">
        <span
          className={cn(
            'inline-flex size-12 shrink-0 items-center justify-center rounded-xl',
            TILE_TONES[index % TILE_TONES.length],
          )}
        >
          <Users className="size-6" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="text-lg leading-snug font-semibold">{name}</h3>
          <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
            <Badge variant="outline" className="text-muted-foreground">
              {group.isPublic ? <Globe aria-hidden /> : <Lock aria-hidden />}
              {group.isPublic ? t('privacy.public') : t('privacy.private')}
            </Badge>
            {isAdmin && (
              <Badge
                className="bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200"
                data-testid="admin-badge"
              >
                <ShieldCheck aria-hidden />
                {t('admin')}
              </Badge>
            )}
          </div>
        </div>
      </div>

      <p className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">
        {t(`sample.${group.id}.description`)}
      </p>

      <dl className="grid gap-1.5 text-sm">
        <div className="flex items-center gap-2">
          <dt className="sr-only">{t('labels.members')}</dt>
          <Users className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <dd className="font-medium">{t('memberCount', { count: group.memberCount })}</dd>
        </div>
        <div className="flex items-center gap-2">
          <dt className="sr-only">{t('labels.creator')}</dt>
          <UserRound className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <dd className="text-muted-foreground">
            {t('createdBy', { name: `${group.creator.firstName} ${group.creator.lastName}` })}
          </dd>
        </div>
        <div className="flex items-start gap-2">
          <dt className="sr-only">{t('labels.recentActivity')}</dt>
          <Activity className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <dd className="text-muted-foreground">{t(`sample.${group.id}.activity`)}</dd>
        </div>
      </dl>

      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        {group.isUserMember ? (
          <>
            <Button size="sm" onClick={() => log('open chat')} aria-label={`${t('actions.chat')}: ${name}`}>
              <MessageCircle aria-hidden />
              {t('actions.chat')}
            </Button>
            {isAdmin && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => log('manage')}
                aria-label={`${t('actions.manage')}: ${name}`}
              >
                <Settings aria-hidden />
                {t('actions.manage')}
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              onClick={() => log('leave')}
              aria-label={`${t('actions.leave')}: ${name}`}
              className="text-muted-foreground"
            >
              <LogOut aria-hidden className="rtl:rotate-180" />
              {t('actions.leave')}
            </Button>
          </>
        ) : (
          <Button size="sm" onClick={() => log('join')} aria-label={`${t('actions.join')}: ${name}`}>
            <UserPlus aria-hidden />
            {t('actions.join')}
          </Button>
        )}
      </div>
    </Card>
  );
}
