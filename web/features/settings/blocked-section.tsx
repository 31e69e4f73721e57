import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LoadError } from '@/components/app-shell/page-states';
import { PersonAvatar, displayName } from '@/components/people/person-avatar';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { moderationStatusQueryOptions } from '@/lib/api/get-moderation-status';
import { callApi } from '@/lib/call-api';
import { toast } from '@/lib/use-toast';
import { blockedPeopleQueryOptions } from './api/get-blocked-people';

/** The people one blocked, each with Unblock (decisions §20), and the way to the queue for moderators. */
export default function BlockedSection() {
  const { t } = useTranslation('moderation');
  const queryClient = useQueryClient();
  const blocked = useQuery(blockedPeopleQueryOptions());
  const status = useQuery(moderationStatusQueryOptions());
  const unblock = useMutation({
    mutationFn: (userId: string) =>
      callApi((api) => api.DELETE('/api/users/{id}/block', { params: { path: { id: userId } } })),
    onSuccess: async (_answer, userId) => {
      const person = blocked.data?.find((item) => item.id === userId);
      toast({ title: t('block.unblocked', { name: person ? displayName(person) : '' }) });
      await queryClient.invalidateQueries();
    },
    onError: () => toast({ title: t('block.failed'), variant: 'destructive' }),
  });
  return (
    <Card data-testid="settings-blocked">
      <CardHeader>
        <CardTitle>{t('block.listTitle')}</CardTitle>
        <CardDescription>{t('block.listDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {blocked.error ? (
          <LoadError onRetry={() => void blocked.refetch()} />
        ) : !blocked.data ? (
          <Skeleton className="h-14 w-full" />
        ) : blocked.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('block.listEmpty')}</p>
        ) : (
          <ul className="grid gap-2">
            {blocked.data.map((person) => (
              <li
                key={person.id}
                className="flex items-center gap-3 rounded-lg border border-border p-3"
                data-testid="blocked-person"
              >
                <PersonAvatar person={person} className="size-9" />
                <span className="min-w-0 flex-1 truncate font-medium" dir="auto">
                  {displayName(person)}
                </span>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={unblock.isPending}
                  onClick={() => unblock.mutate(person.id)}
                >
                  {t('block.unblock')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {status.data?.isModerator && (
          <Link href="/moderation" className={buttonVariants({ variant: 'outline', className: 'justify-self-start' })}>
            {t('settingsLink')}
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
