import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Check, Copy, Download, Link2, Loader2, Mail, Send, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@contract/events';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/ui/form-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { buildShareCardContent, downloadBlob, generateShareImage, shareImageFileName } from './share-image';
import { buildEventUrl, canUseNativeShare, copyText, isAbortError, openSharePopup } from './share-links';
import { SharePreviewCard } from './share-preview-card';
import { SocialGlyph, type SocialTarget } from './social-glyph';
import { buildShareMessage, useShareMessage, type ShareMessageProblem } from '../api/use-share-message';

type ShareMode = 'link' | 'message' | 'native';
const SOCIAL_TARGETS: { network: SocialTarget; tone: string }[] = [
  { network: 'facebook', tone: 'text-[#1877f2] dark:text-[#5b9cf6]' },
  { network: 'twitter', tone: 'text-[#1d9bf0]' },
  { network: 'linkedin', tone: 'text-[#0a66c2] dark:text-[#5a9bd8]' },
  { network: 'instagram', tone: 'text-[#d62976] dark:text-[#f06595]' },
];

/** The 'Share Event' dialog: three ways to share, the preview card, social buttons, download. */
export function ShareEventDialog({
  event,
  open,
  onOpenChange,
  trigger,
}: {
  event: Event;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
}) {
  const { t } = useTranslation('share');
  return (
    <FormDialog
      isOpen={open}
      onOpenChange={onOpenChange}
      testId="share-dialog"
      size="wide"
      trigger={trigger}
      title={t('dialog.title')}
      description={t('dialog.description', { title: event.title })}
      hasActions={false}
    >
      <ShareDialogBody event={event} onSent={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function ShareDialogBody({ event, onSent }: { event: Event; onSent: () => void }) {
  const { t, i18n } = useTranslation('share');
  const [mode, setMode] = useState<ShareMode>('message');
  const [isGenerating, setIsGenerating] = useState(false);
  const eventUrl = buildEventUrl(window.location.origin, event.id);
  const shareText = t('message.intro', { title: event.title });
  const language = i18n.language;
  const isRtl = i18n.dir(language) === 'rtl';
  const card = useMemo(() => buildShareCardContent(event, t, language, isRtl), [event, t, language, isRtl]);
  const ids = useId();

  const copyLink = async () => {
    try {
      await copyText(eventUrl);
      toast({ title: t('toast.linkCopied.title'), description: t('toast.linkCopied.description') });
    } catch {
      toast({ title: t('common:toasts.errorTitle'), description: t('toast.clipboardFailed'), variant: 'destructive' });
    }
  };

  const shareNatively = async () => {
    if (!canUseNativeShare()) {
      await copyLink();
      return;
    }
    try {
      await navigator.share({ title: event.title, text: shareText, url: eventUrl });
    } catch (error) {
      // The user closed the share sheet: that is a choice, not a failure.
      if (isAbortError(error)) return;
      // Refused for another reason (no user activation, data not shareable): the link still helps.
      await copyLink();
    }
  };

  const downloadImage = async () => {
    setIsGenerating(true);
    try {
      const blob = await generateShareImage(card);
      downloadBlob(blob, shareImageFileName(event.title));
      toast({ title: t('toast.imageGenerated.title'), description: t('toast.imageGenerated.description') });
    } catch {
      toast({
        title: t('toast.generationFailed.title'),
        description: t('toast.generationFailed.description'),
        variant: 'destructive',
      });
    } finally {
      setIsGenerating(false);
    }
  };

  const shareOn = (network: SocialTarget) => {
    if (network === 'instagram') {
      // Instagram has no web share URL: the picture is the way in.
      toast({ title: t('social.instagram'), description: t('toast.instagram') });
      return;
    }
    openSharePopup(network, eventUrl, shareText);
  };

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-8">
      <Tabs value={mode} onValueChange={(value) => setMode(value as ShareMode)} className="min-w-0 gap-4">
        <TabsList className="grid w-full grid-cols-3" aria-label={t('dialog.modesLabel')}>
          <TabsTrigger value="link" className="px-2">
            <Link2 aria-hidden className="hidden size-4 sm:block" />
            <span className="truncate">{t('modes.link')}</span>
          </TabsTrigger>
          <TabsTrigger value="message" className="px-2">
            <Mail aria-hidden className="hidden size-4 sm:block" />
            <span className="truncate">{t('modes.message')}</span>
          </TabsTrigger>
          <TabsTrigger value="native" className="px-2">
            <Smartphone aria-hidden className="hidden size-4 sm:block" />
            <span className="truncate">{t('modes.native')}</span>
          </TabsTrigger>
        </TabsList>

        <TabsContent value="link" className="grid content-start gap-3">
          <Label htmlFor={`${ids}-link`}>{t('link.label')}</Label>
          <div className="flex gap-2">
            <Input
              id={`${ids}-link`}
              readOnly
              value={eventUrl}
              dir="ltr"
              className="font-mono text-sm"
              onFocus={(focusEvent) => focusEvent.currentTarget.select()}
            />
            <Button type="button" onClick={() => void copyLink()} data-testid="share-link-copy">
              <Copy aria-hidden />
              {t('link.copy')}
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">{t('link.hint')}</p>
        </TabsContent>

        <TabsContent value="message">
          <MessageForm event={event} onSent={onSent} />
        </TabsContent>

        <TabsContent value="native" className="grid content-start gap-3">
          <p className="text-sm text-muted-foreground">{t('native.description')}</p>
          {!canUseNativeShare() && (
            <p
              className="rounded-md border border-border bg-muted px-3 py-2 text-sm"
              data-testid="share-native-fallback-note"
            >
              {t('native.fallback')}
            </p>
          )}
          <Button
            type="button"
            onClick={() => void shareNatively()}
            className="w-full sm:w-auto sm:justify-self-start"
            data-testid="share-native"
          >
            <Smartphone aria-hidden />
            {t('native.button')}
          </Button>
        </TabsContent>
      </Tabs>

      <section aria-labelledby={`${ids}-preview`} className="grid min-w-0 content-start gap-3">
        <h3 id={`${ids}-preview`} className="text-sm font-semibold text-muted-foreground">
          {t('preview.heading')}
        </h3>
        <SharePreviewCard content={card} label={t('preview.label', { title: event.title })} />
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4" role="group" aria-label={t('social.groupLabel')}>
          {SOCIAL_TARGETS.map(({ network, tone }) => (
            <Button
              key={network}
              type="button"
              variant="outline"
              onClick={() => shareOn(network)}
              aria-label={
                network === 'instagram'
                  ? t('social.instagram')
                  : t('social.shareOn', { network: t(`social.${network}`) })
              }
              data-testid={`share-${network}`}
            >
              <SocialGlyph network={network} className={cn('size-4', tone)} />
              {t(`social.${network}`)}
            </Button>
          ))}
        </div>
        <div className="grid gap-2 sm:grid-cols-2">
          <Button
            type="button"
            onClick={() => void downloadImage()}
            disabled={isGenerating}
            aria-busy={isGenerating}
            data-testid="share-download"
          >
            {isGenerating ? <Loader2 aria-hidden className="animate-spin" /> : <Download aria-hidden />}
            {isGenerating ? t('actions.generating') : t('actions.download')}
          </Button>
          <Button type="button" variant="outline" onClick={() => void copyLink()} data-testid="share-copy-link">
            <Copy aria-hidden />
            {t('actions.copyLink')}
          </Button>
        </div>
      </section>
    </div>
  );
}

function MessageForm({ event, onSent }: { event: Event; onSent: () => void }) {
  const { t, i18n } = useTranslation('share');
  const ids = useId();
  const [recipient, setRecipient] = useState('');
  const [content, setContent] = useState(() => buildShareMessage(event, t, i18n.language));
  const [problem, setProblem] = useState<ShareMessageProblem | null>(null);
  const shareMessage = useShareMessage(event.id, { onSent, onProblem: setProblem });
  const canSend = recipient.trim().length > 0 && !shareMessage.isPending;

  const submit = (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    if (!canSend) return;
    setProblem(null);
    shareMessage.mutate({ recipientEmail: recipient, content });
  };

  const recipientError = problem?.field === 'recipient' ? problem.message : null;
  const contentError = problem?.field === 'content' ? problem.message : null;
  const formError = problem?.field === 'form' ? problem.message : null;

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-busy={shareMessage.isPending}>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-recipient`}>{t('message.recipientLabel')}</Label>
        <Input
          id={`${ids}-recipient`}
          type="email"
          inputMode="email"
          autoComplete="email"
          dir="ltr"
          className="text-start rtl:text-end"
          placeholder={t('message.recipientPlaceholder')}
          value={recipient}
          onChange={(changeEvent) => {
            setRecipient(changeEvent.target.value);
            if (problem?.field === 'recipient') setProblem(null);
          }}
          aria-invalid={recipientError ? true : undefined}
          aria-describedby={`${ids}-recipient-help`}
          data-testid="share-recipient"
        />
        {recipientError ? (
          <p
            id={`${ids}-recipient-help`}
            role="alert"
            className="text-sm font-medium text-destructive"
            data-testid="share-recipient-error"
          >
            {recipientError}
          </p>
        ) : (
          <p id={`${ids}-recipient-help`} className="text-xs text-muted-foreground">
            {t('message.recipientHint')}
          </p>
        )}
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${ids}-body`}>{t('message.bodyLabel')}</Label>
        <Textarea
          id={`${ids}-body`}
          value={content}
          onChange={(changeEvent) => {
            setContent(changeEvent.target.value);
            if (problem?.field === 'content') setProblem(null);
          }}
          rows={8}
          className="min-h-36 resize-y leading-relaxed [unicode-bidi:plaintext] lg:min-h-56"
          aria-invalid={contentError ? true : undefined}
          aria-describedby={contentError ? `${ids}-body-error` : undefined}
          data-testid="share-message-body"
        />
        {contentError && (
          <p id={`${ids}-body-error`} role="alert" className="text-sm font-medium text-destructive">
            {contentError}
          </p>
        )}
      </div>
      {formError && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
          data-testid="share-form-error"
        >
          {formError}
        </p>
      )}
      <Button
        type="submit"
        disabled={!canSend}
        className="w-full sm:w-auto sm:justify-self-end"
        data-testid="share-send"
      >
        {shareMessage.isPending ? (
          <Loader2 aria-hidden className="animate-spin" />
        ) : shareMessage.isSuccess ? (
          <Check aria-hidden />
        ) : (
          <Send aria-hidden className="rtl:-scale-x-100" />
        )}
        {shareMessage.isPending ? t('message.sending') : t('message.send')}
      </Button>
    </form>
  );
}
