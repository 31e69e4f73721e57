import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ReportButton } from './report-button';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { callApi } from '@/lib/call-api';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { blockStateQueryOptions } from '@/lib/api/get-block-state';

/**
 * Report and Block for a person (decisions §20), in a thread's header and on their page (/friends/{id}),
 * loaded with its texts only when one of those is open. A block changes what both lists show, so every
 * answer is read again.
 */
export default function PersonSafety({
  userId,
  name,
  className,
}: {
  userId: string;
  name: string;
  className?: string;
}) {
  const { t } = useTranslation('moderation');
  const queryClient = useQueryClient();
  const state = useQuery(blockStateQueryOptions(userId));
  const [isConfirming, setIsConfirming] = useState(false);
  const isBlocked = state.data?.isBlocked === true;
  const change = useMutation({
    mutationFn: (shouldBlock: boolean) =>
      callApi((api) =>
        shouldBlock
          ? api.POST('/api/users/{id}/block', { params: { path: { id: userId } } })
          : api.DELETE('/api/users/{id}/block', { params: { path: { id: userId } } }),
      ),
    onSuccess: async (answer) => {
      setIsConfirming(false);
      toast({ title: t(answer.isBlocked ? 'block.blocked' : 'block.unblocked', { name }) });
      await queryClient.invalidateQueries();
    },
    onError: () => toast({ title: t('block.failed'), variant: 'destructive' }),
  });
  return (
    <div className={cn('flex shrink-0 items-center gap-1', className)}>
      <ReportButton
        label={t('report.action')}
        targetType="user"
        targetId={userId}
        name={name}
        className="text-muted-foreground"
      />
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className={isBlocked ? undefined : 'text-destructive hover:text-destructive dark:text-red-400'}
        disabled={state.isPending || change.isPending}
        onClick={() => (isBlocked ? change.mutate(false) : setIsConfirming(true))}
        data-testid="block-button"
      >
        <UserX aria-hidden />
        {isBlocked ? t('block.unblock') : t('block.block')}
      </Button>
      <FormDialog
        isOpen={isConfirming}
        onOpenChange={setIsConfirming}
        testId="block-dialog"
        title={t('block.confirmTitle', { name })}
        description={
          <>
            <span className="block">{t('block.confirmDescription')}</span>
            {/* A block ends the pair's friendship and requests (decisions §22): said before it is done. */}
            <span className="mt-2 block">{t('block.confirmFriendship')}</span>
          </>
        }
        onConfirm={() => change.mutate(true)}
        cancelLabel={t('block.cancel')}
        confirmLabel={t('block.confirm')}
        pendingLabel={t('block.blocking')}
        isPending={change.isPending}
        confirmVariant="destructive"
        isLockedWhilePending
        confirmTestId="block-confirm"
      />
    </div>
  );
}
