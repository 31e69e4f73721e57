import { Fragment, lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { ArrowLeft, CalendarDays, Flag, Info, LoaderCircle, MessageCircle, SendHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ChatMessage, Conversation } from '@contract/messages';
import { DialogLoading } from '@/components/dialog-loading';
import { Button, buttonVariants } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { codeOf, isApiError } from '@/lib/api-error';
import { refusalText } from '@/lib/error-text';
import { cn } from '@/lib/utils';
import { PersonAvatar, tintFor } from '@/components/people/person-avatar';
import { formatClockTime, formatDayHeading, isSameDay } from './chat-format';
import { conversationTitle } from './conversation-list';
import { useSendMessage } from './api/use-chat-data';

// Report and Block, with the moderation texts, load only once a thread with a person is open.
const PersonSafety = lazy(() => import('@/components/moderation/person-safety'));
// Reporting one message (decisions §20): the dialog and its texts load on the first click.
const ReportDialog = lazy(() => import('@/components/moderation/report-dialog'));

interface ChatThreadProps {
  conversationId: string | null;
  conversation: Conversation | undefined;
  messages: ChatMessage[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  currentUserId: string | null;
}

/**
 * The chat's right side, with its reply box: a message is sent with POST /api/messages
 * (blocked on empty/whitespace text or without a conversation). What was typed stays in the
 * box until the server has it, so a refusal (a deleted account, too many messages) loses nothing.
 * A deleted account is shown as "Deleted user" and cannot be written to.
 *
 * Messages and names are written in any language, whatever the UI's: `unicode-bidi: plaintext` lets
 * each take its own direction (an English message keeps its punctuation in the Arabic UI) while it
 * stays aligned to the page's start.
 */
export function ChatThread({
  conversationId,
  conversation,
  messages,
  isLoading,
  isError,
  onRetry,
  currentUserId,
}: ChatThreadProps) {
  const { t, i18n } = useTranslation('chat');
  const [draft, setDraft] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const [reportedMessage, setReportedMessage] = useState<ChatMessage | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const sendMessage = useSendMessage(conversationId);

  useEffect(() => {
    setDraft('');
    setSendError(null);
  }, [conversationId]);

  useEffect(() => {
    const element = scrollRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [messages]);

  const other = conversation?.participants[0];
  // A deep link to someone not (yet) in the list: the other person's name is on their messages.
  const otherFromThread = messages?.find((message) => message.senderId !== currentUserId)?.sender;
  const isOtherDeleted = Boolean(other?.isDeleted ?? otherFromThread?.isDeleted);
  const title = isOtherDeleted
    ? t('deletedUser')
    : ((conversation && conversationTitle(conversation)) ?? otherFromThread?.firstName ?? t('unknownUser'));
  const canSend = conversationId !== null && !isOtherDeleted && draft.trim().length > 0 && !sendMessage.isPending;

  const send = (event: Pick<FormEvent, 'preventDefault'>) => {
    event.preventDefault();
    if (!canSend) return;
    setSendError(null);
    sendMessage.mutate(draft, {
      onSuccess: () => setDraft(''),
      onError: (error) => {
        const code = codeOf(error);
        if (code === 'EMAIL_NOT_VERIFIED' || code === 'BLOCKED') {
          // Written to an address with no account before confirming one's own: say what to do about it.
          void refusalText(i18n, error).then((text) => setSendError(text ?? t('sendFailed')));
          return;
        }
        setSendError(
          code === 'USER_NOT_FOUND'
            ? t('recipientGone')
            : code === 'RATE_LIMITED'
              ? t('tooFast')
              : isApiError(error)
                ? t('sendFailed')
                : t('sendOffline'),
        );
      },
    });
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      {conversationId === null ? (
        <div
          className="flex flex-1 flex-col items-center justify-center gap-3 px-6 text-center"
          data-testid="chat-empty"
        >
          <span className="inline-flex size-16 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <MessageCircle className="size-8" aria-hidden />
          </span>
          <h2 className="text-lg font-semibold">{t('selectTitle')}</h2>
          <p className="max-w-xs text-sm text-muted-foreground">{t('selectHint')}</p>
        </div>
      ) : (
        <>
          <div className="flex items-center gap-3 border-b border-border px-3 py-3 sm:px-4">
            <Link
              href="/chat"
              className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'md:hidden')}
              aria-label={t('back')}
              data-testid="chat-back"
            >
              <ArrowLeft className="rtl:rotate-180" aria-hidden />
            </Link>
            <PersonAvatar
              person={{
                firstName: other?.firstName ?? otherFromThread?.firstName ?? null,
                lastName: other?.lastName ?? null,
                profileImageUrl: other?.profileImageUrl ?? otherFromThread?.profileImageUrl ?? null,
              }}
              letters="initials"
              tint={cn('text-sm', tintFor(conversationId))}
              frameClassName="size-10"
              className="size-full"
            />
            <div className="min-w-0">
              <h2 className="truncate font-semibold [unicode-bidi:plaintext]" data-testid="thread-title">
                {title}
              </h2>
              <p className="text-xs text-muted-foreground">{t('directChat')}</p>
            </div>
            {other?.id && !isOtherDeleted && (
              <Suspense fallback={null}>
                <PersonSafety userId={other.id} name={title} className="ms-auto" />
              </Suspense>
            )}
          </div>

          <div
            ref={scrollRef}
            className="min-h-0 flex-1 overflow-y-auto bg-muted/30 px-3 py-4 sm:px-6"
            tabIndex={0}
            aria-label={t('threadLabel', { name: title })}
            role="log"
          >
            {isLoading ? (
              <div
                role="status"
                className="flex h-full flex-col items-center justify-center gap-3 text-sm text-muted-foreground"
              >
                <LoaderCircle className="size-6 animate-spin text-primary" aria-hidden />
                {t('loadingMessages')}
              </div>
            ) : isError ? (
              <div
                role="alert"
                className="flex h-full flex-col items-center justify-center gap-3 text-center text-sm text-muted-foreground"
              >
                {t('threadFailed')}
                <Button variant="outline" size="sm" onClick={onRetry}>
                  {t('retry')}
                </Button>
              </div>
            ) : messages && messages.length === 0 ? (
              <p className="flex h-full items-center justify-center text-center text-sm text-muted-foreground">
                {t('noMessages')}
              </p>
            ) : (
              <ol className="flex flex-col gap-1.5" data-testid="thread-messages">
                {messages?.map((message, index) => {
                  const isOwn = message.senderId === currentUserId;
                  const previous = messages[index - 1];
                  const isNewDay = !previous || !isSameDay(previous.createdAt, message.createdAt);
                  return (
                    <Fragment key={message.id}>
                      {isNewDay && (
                        <li className="my-2 flex justify-center" aria-hidden>
                          <span className="rounded-full bg-background px-3 py-0.5 text-xs font-medium text-muted-foreground shadow-xs">
                            {formatDayHeading(message.createdAt, i18n.language, t('today'), t('yesterday'))}
                          </span>
                        </li>
                      )}
                      <li
                        className={cn('group flex items-center gap-1', isOwn ? 'justify-end' : 'justify-start')}
                        data-testid="thread-message"
                        data-own={isOwn}
                      >
                        <div
                          className={cn(
                            'max-w-[80%] rounded-2xl px-3.5 py-2 text-sm shadow-xs sm:max-w-[70%]',
                            isOwn
                              ? 'rounded-ee-md bg-primary text-primary-foreground'
                              : 'rounded-es-md border border-border bg-card text-card-foreground',
                          )}
                        >
                          <span className="sr-only">
                            {isOwn
                              ? t('you')
                              : message.sender.isDeleted
                                ? t('deletedUser')
                                : (message.sender.firstName ?? t('unknownUser'))}
                            :{' '}
                          </span>
                          <p
                            dir="auto"
                            className="break-words whitespace-pre-wrap [unicode-bidi:plaintext]"
                            data-testid="thread-message-content"
                          >
                            {message.content}
                          </p>
                          {message.event && (
                            <Link
                              href={`/events/${message.event.id}`}
                              className={cn(
                                'mt-2 flex items-center gap-2 rounded-lg border px-2.5 py-2 text-start font-medium underline-offset-2 hover:underline',
                                isOwn
                                  ? 'border-primary-foreground/40 bg-primary-foreground/10'
                                  : 'border-border bg-muted/60',
                              )}
                              data-testid="thread-message-event"
                            >
                              <CalendarDays className="size-4 shrink-0" aria-hidden />
                              <span className="min-w-0 truncate" dir="auto">
                                {message.event.title}
                              </span>
                            </Link>
                          )}
                          <time
                            dateTime={message.createdAt}
                            className={cn(
                              'mt-1 block text-end text-[11px]',
                              isOwn ? 'text-primary-foreground' : 'text-muted-foreground',
                            )}
                          >
                            {formatClockTime(message.createdAt, i18n.language)}
                          </time>
                          {message.hiddenNotice && (
                            <p
                              className="mt-1.5 border-t border-current/30 pt-1.5 text-xs font-medium"
                              data-testid="message-hidden-notice"
                            >
                              {t('hiddenMessage')}
                              {message.hiddenNotice.note && (
                                <>
                                  {' '}
                                  <span dir="auto" className="font-normal">
                                    {t('hiddenReason', { note: message.hiddenNotice.note })}
                                  </span>
                                </>
                              )}
                            </p>
                          )}
                        </div>
                        {!isOwn && !message.sender.isDeleted && (
                          <Button
                            type="button"
                            variant="ghost"
                            size="icon"
                            className="size-8 shrink-0 text-muted-foreground opacity-70 group-hover:opacity-100 focus-visible:opacity-100"
                            title={t('reportMessage')}
                            aria-label={t('reportMessage')}
                            onClick={() => setReportedMessage(message)}
                            data-testid="message-report"
                          >
                            <Flag aria-hidden />
                          </Button>
                        )}
                      </li>
                    </Fragment>
                  );
                })}
              </ol>
            )}
          </div>
        </>
      )}

      {reportedMessage && (
        // One dialog for every message's flag; while its code arrives, the same loading dialog as ReportButton's.
        <Suspense fallback={<DialogLoading />}>
          <ReportDialog
            targetType="message"
            targetId={reportedMessage.id}
            name={reportedMessage.sender.firstName ?? t('unknownUser')}
            isOpen
            onOpenChange={(isOpen) => !isOpen && setReportedMessage(null)}
          />
        </Suspense>
      )}
      <form onSubmit={send} className="border-t border-border bg-card p-3 sm:p-4" data-testid="chat-composer">
        <div className="flex items-end gap-2">
          <Textarea
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              // Enter sends, Shift+Enter starts a new line; not while an input method is composing (Japanese, Chinese,
              // Korean).
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
            }}
            placeholder={isOtherDeleted ? t('deletedNote') : t('inputPlaceholder')}
            aria-label={t('inputPlaceholder')}
            aria-invalid={sendError !== null}
            aria-describedby={sendError ? 'chat-send-error' : isOtherDeleted ? 'chat-deleted-note' : undefined}
            disabled={conversationId === null || isOtherDeleted}
            maxLength={5000}
            rows={1}
            // Phones label their Enter key "Send"; before hydration, the page's loader sends on it too.
            enterKeyHint="send"
            autoComplete="off"
            className="max-h-40 min-h-10 resize-none py-2"
            data-testid="chat-input"
          />
          <Button type="submit" size="icon" disabled={!canSend} aria-label={t('send')} data-testid="chat-send">
            {sendMessage.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : (
              <SendHorizontal className="rtl:-scale-x-100" aria-hidden />
            )}
          </Button>
        </div>
        {isOtherDeleted && (
          <p
            id="chat-deleted-note"
            className="mt-2 flex items-center gap-1.5 text-xs text-muted-foreground"
            data-testid="chat-deleted-note"
          >
            <Info className="size-3.5 shrink-0" aria-hidden />
            {t('deletedNote')}
          </p>
        )}
        <p
          id="chat-send-error"
          role="alert"
          className={sendError ? 'mt-2 text-sm font-medium text-destructive' : 'sr-only'}
          data-testid="chat-send-error"
        >
          {sendError}
        </p>
      </form>
    </div>
  );
}
