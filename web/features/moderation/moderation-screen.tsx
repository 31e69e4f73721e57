import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EyeClosed, Gavel, History, UserX, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { intlLocale } from '@contract/languages';
import type { ModerationLogEntry, QueuedReport } from '@contract/moderation';
import type { MODERATION_LIMITS } from '@contract/moderation-catalogue';
import { LoadError } from '@/components/app-shell/page-states';
import { PersonAvatar, displayName } from '@/components/people/person-avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { FormDialog } from '@/components/ui/form-dialog';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { moderationStatusQueryOptions } from '@/lib/api/get-moderation-status';
import { statusOf } from '@/lib/api-error';
import { callApi } from '@/lib/call-api';
import { toast } from '@/lib/use-toast';
import { moderationLogQueryOptions, reportQueueQueryOptions } from './api/get-moderation';
import { ModeratorsPanel } from './moderators-panel';

// The server's limit, checked by its type: importing the catalogue's value would give it a chunk of its own,
// named in the event page's first load (where the report dialog imports it).
const NOTE_MAX: typeof MODERATION_LIMITS.noteMax = 1000;

type Decision = { kind: 'dismiss' | 'hide' | 'suspend'; reportId: number } | { kind: 'undo'; logId: number };

/** /moderation (decisions §20): the open reports with what they report, hide / suspend / dismiss, and the log. */
export default function ModerationScreenForModerators() {
  const { t } = useTranslation('moderation');
  const status = useQuery(moderationStatusQueryOptions());
  if (status.isError) return <LoadError onRetry={() => void status.refetch()} />;
  if (!status.data) return <p className="py-16 text-center text-sm text-muted-foreground">{t('queue.loading')}</p>;
  // Nobody but a moderator learns that the screen exists.
  if (!status.data.isModerator)
    return (
      <p className="py-16 text-center text-muted-foreground" data-testid="moderation-not-found">
        {t('queue.notFound')}
      </p>
    );
  return <ModerationScreen isAdmin={status.data.isAdmin} />;
}

function ModerationScreen({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('moderation');
  const queryClient = useQueryClient();
  const queue = useQuery(reportQueueQueryOptions());
  const log = useQuery(moderationLogQueryOptions());
  const [decision, setDecision] = useState<Decision | null>(null);
  const [note, setNote] = useState('');
  const noteId = useId();
  const decide = useMutation({
    mutationFn: (chosen: Decision) =>
      callApi((api) =>
        chosen.kind === 'undo'
          ? api.POST('/api/moderation/log/{id}/undo', {
              params: { path: { id: chosen.logId } },
              body: { note: note.trim() },
            })
          : api.POST('/api/moderation/reports/{id}/resolve', {
              params: { path: { id: chosen.reportId } },
              body: { action: chosen.kind, note: note.trim() },
            }),
      ),
    onSuccess: async () => {
      setDecision(null);
      setNote('');
      toast({ title: t('queue.done') });
      await queryClient.invalidateQueries();
    },
    onError: (error) =>
      toast({
        title: statusOf(error) === 403 ? t('queue.notAllowed') : t('queue.failed'),
        variant: 'destructive',
      }),
  });
  const open = (chosen: Decision) => {
    setNote('');
    setDecision(chosen);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (decision && note.trim()) decide.mutate(decision);
  };
  const openReports = queue.data?.filter((report) => report.status === 'open') ?? [];
  const resolved = queue.data?.filter((report) => report.status !== 'open') ?? [];

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:px-6 sm:py-10" data-testid="moderation-page">
      <div className="flex items-start gap-3">
        <span
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground"
          aria-hidden
        >
          <Gavel className="size-5" />
        </span>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('queue.title')}</h1>
          <p className="mt-0.5 text-sm text-muted-foreground">{t('queue.subtitle')}</p>
        </div>
      </div>

      <Tabs defaultValue="queue" className="mt-6">
        <TabsList>
          <TabsTrigger value="queue" data-testid="tab-queue">
            {t('queue.tabs.queue')}
            {queue.data && (
              <Badge variant="secondary" className="ms-1.5">
                {openReports.length}
              </Badge>
            )}
          </TabsTrigger>
          <TabsTrigger value="log" data-testid="tab-log">
            {t('queue.tabs.log')}
          </TabsTrigger>
          <TabsTrigger value="moderators" data-testid="tab-moderators">
            {t('queue.tabs.moderators')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="queue" className="mt-4 grid gap-4">
          {queue.isError ? (
            <LoadError onRetry={() => void queue.refetch()} />
          ) : !queue.data ? (
            <p className="py-10 text-center text-sm text-muted-foreground">{t('queue.loading')}</p>
          ) : (
            <>
              {openReports.length === 0 ? (
                <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
                  {t('queue.empty')}
                </p>
              ) : (
                <ul className="grid gap-4" data-testid="report-queue">
                  {openReports.map((report) => (
                    <ReportCard key={report.id} report={report} onDecide={open} />
                  ))}
                </ul>
              )}
              {resolved.length > 0 && (
                <section className="mt-4">
                  <h2 className="mb-3 text-lg font-semibold">{t('queue.resolved')}</h2>
                  <ul className="grid gap-3">
                    {resolved.map((report) => (
                      <ReportCard key={report.id} report={report} onDecide={open} />
                    ))}
                  </ul>
                </section>
              )}
            </>
          )}
        </TabsContent>
        <TabsContent value="log" className="mt-4">
          {log.isError ? (
            <LoadError onRetry={() => void log.refetch()} />
          ) : !log.data ? (
            <p className="py-10 text-center text-sm text-muted-foreground">{t('queue.loading')}</p>
          ) : log.data.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
              {t('log.empty')}
            </p>
          ) : (
            <ul
              className="divide-y divide-border overflow-hidden rounded-xl border border-border bg-card"
              data-testid="moderation-log"
            >
              {log.data.map((entry) => (
                <LogRow key={entry.id} entry={entry} onUndo={() => open({ kind: 'undo', logId: entry.id })} />
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="moderators" className="mt-4">
          <ModeratorsPanel isAdmin={isAdmin} />
        </TabsContent>
      </Tabs>

      <FormDialog
        isOpen={decision !== null}
        onOpenChange={(isOpen) => !isOpen && setDecision(null)}
        testId="decision-dialog"
        title={decision ? t(`queue.noteTitle.${decision.kind}`) : ''}
        description={decision ? t(`queue.noteDescription.${decision.kind}`) : ''}
        onSubmit={submit}
        cancelLabel={t('queue.cancel')}
        confirmLabel={t('queue.confirm')}
        pendingLabel={t('queue.confirming')}
        isPending={decide.isPending}
        isConfirmDisabled={!note.trim()}
        confirmVariant={decision?.kind === 'hide' || decision?.kind === 'suspend' ? 'destructive' : 'default'}
        isLockedWhilePending
        confirmTestId="decision-confirm"
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor={noteId}>{t('queue.noteLabel')}</Label>
          <Textarea
            id={noteId}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            placeholder={t('queue.notePlaceholder')}
            maxLength={NOTE_MAX}
            rows={3}
            dir="auto"
            required
            data-testid="decision-note"
          />
        </div>
      </FormDialog>
    </div>
  );
}

function useDateFormat() {
  const { i18n } = useTranslation();
  return new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });
}

function ReportCard({ report, onDecide }: { report: QueuedReport; onDecide: (decision: Decision) => void }) {
  const { t } = useTranslation('moderation');
  const dateFormat = useDateFormat();
  const content = report.content;
  const isOpen = report.status === 'open';
  return (
    <li>
      <Card data-testid="report-card" data-report-id={report.id}>
        <CardContent className="flex flex-col gap-3 p-4 sm:p-5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="outline">{t(`queue.targets.${report.targetType}`)}</Badge>
            <Badge variant={report.reason === 'harassment' ? 'destructive' : 'secondary'}>
              {t(`report.reasons.${report.reason}`)}
            </Badge>
            {!isOpen && <Badge variant="secondary">{t(`queue.status.${report.status}`)}</Badge>}
            {content?.isHidden && (
              <Badge variant="secondary" className="gap-1">
                <EyeClosed aria-hidden />
                {t('queue.isHidden')}
              </Badge>
            )}
            {report.openReportCount > 1 && (
              <span className="text-xs font-medium text-muted-foreground">
                {t('queue.reportCount', { count: report.openReportCount })}
              </span>
            )}
          </div>
          {content ? (
            <div className="rounded-lg border border-border bg-muted/40 p-3">
              {content.title && (
                <p className="font-semibold break-words" dir="auto">
                  {content.path ? (
                    <Link href={content.path} className="hover:underline">
                      {content.title}
                    </Link>
                  ) : (
                    content.title
                  )}
                </p>
              )}
              {content.text && (
                <p className="mt-1 line-clamp-4 text-sm break-words whitespace-pre-line" dir="auto">
                  {content.text}
                </p>
              )}
              {content.author && (
                <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  <PersonAvatar person={content.author} className="size-6" />
                  <span dir="auto">{t('queue.by', { name: displayName(content.author) })}</span>
                  {content.isAuthorSuspended && <Badge variant="destructive">{t('queue.isSuspended')}</Badge>}
                  {content.isAuthorModerator && <Badge variant="outline">{t('queue.isModerator')}</Badge>}
                </div>
              )}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{t('queue.gone')}</p>
          )}
          {report.details && (
            <blockquote className="border-s-2 border-border ps-3 text-sm break-words" dir="auto">
              {report.details}
            </blockquote>
          )}
          <p className="text-xs text-muted-foreground">
            <span dir="auto">
              {t('queue.reportedBy', {
                name: displayName(report.reporter),
                date: dateFormat.format(new Date(report.createdAt)),
              })}
            </span>
          </p>
          {isOpen && (
            <div className="flex flex-wrap gap-2 border-t border-border pt-3">
              {report.targetType !== 'user' && content && !content.isHidden && (
                <Button
                  type="button"
                  variant="destructive"
                  size="sm"
                  onClick={() => onDecide({ kind: 'hide', reportId: report.id })}
                  data-testid="action-hide"
                >
                  <EyeClosed aria-hidden />
                  {t('queue.actions.hide')}
                </Button>
              )}
              {content && !content.isAuthorSuspended && (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className="text-destructive hover:text-destructive dark:text-red-400"
                  onClick={() => onDecide({ kind: 'suspend', reportId: report.id })}
                  data-testid="action-suspend"
                >
                  <UserX aria-hidden />
                  {t('queue.actions.suspend')}
                </Button>
              )}
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => onDecide({ kind: 'dismiss', reportId: report.id })}
                data-testid="action-dismiss"
              >
                <X aria-hidden />
                {t('queue.actions.dismiss')}
              </Button>
            </div>
          )}
        </CardContent>
      </Card>
    </li>
  );
}

function LogRow({ entry, onUndo }: { entry: ModerationLogEntry; onUndo: () => void }) {
  const { t } = useTranslation('moderation');
  const dateFormat = useDateFormat();
  return (
    <li className="flex flex-wrap items-start gap-3 p-3 sm:flex-nowrap sm:p-4" data-testid="log-entry">
      <div className="min-w-0 flex-1">
        <p className="font-medium">
          {t(`log.actions.${entry.action}`)}{' '}
          <span className="text-xs font-normal text-muted-foreground">
            {t(`queue.targets.${entry.targetType}`)} {entry.targetType === 'user' ? '' : `#${entry.targetId}`}
          </span>
        </p>
        <p className="mt-0.5 text-sm break-words" dir="auto">
          {entry.note}
        </p>
        <p className="mt-1 text-xs text-muted-foreground">
          {t('log.entry', {
            actor: entry.actor ? displayName(entry.actor) : '—',
            date: dateFormat.format(new Date(entry.createdAt)),
          })}
        </p>
      </div>
      {entry.canUndo ? (
        <Button type="button" variant="outline" size="sm" onClick={onUndo} data-testid="log-undo">
          <History className="rtl:-scale-x-100" aria-hidden />
          {t('log.undo')}
        </Button>
      ) : (
        entry.isUndone && <Badge variant="secondary">{t('log.undone')}</Badge>
      )}
    </li>
  );
}
