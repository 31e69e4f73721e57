import { useState } from 'react';
import { Copy, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Event } from '@contract/events';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { toast } from '@/lib/use-toast';
import { cn } from '@/lib/utils';
import { ShareEventDialogLoader } from './share-event-dialog-loader';
import { SocialGlyph } from './social-glyph';
import { buildEventUrl, copyText, openSharePopup, type SocialNetwork } from './share-links';

const NETWORKS: { network: SocialNetwork; tone: string }[] = [
  { network: 'facebook', tone: 'text-[#1877f2] dark:text-[#5b9cf6]' },
  { network: 'twitter', tone: 'text-[#1d9bf0]' },
  { network: 'linkedin', tone: 'text-[#0a66c2] dark:text-[#5a9bd8]' },
];

/** The detail page's 'Quick Share' card: one tap to a network or the clipboard, or the full dialog. */
export function QuickShareCard({ event, className }: { event: Event; className?: string }) {
  const { t } = useTranslation('share');
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  // Built on use, not in render: the server renders this card too, and has no window (web/app/server-render.tsx).
  const eventUrl = () => buildEventUrl(window.location.origin, event.id);

  const copyLink = async () => {
    try {
      await copyText(eventUrl());
      toast({ title: t('toast.quickLinkCopied.title'), description: t('toast.quickLinkCopied.description') });
    } catch {
      toast({
        title: t('toast.copyFailed.title'),
        description: t('toast.copyFailed.description'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Card className={cn('gap-0', className)} data-testid="quick-share-card">
      <CardHeader className="pb-4">
        <h2 className="text-lg leading-tight font-semibold">{t('quickShare.title')}</h2>
        <CardDescription>{t('quickShare.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        <div className="grid grid-cols-2 gap-2" role="group" aria-label={t('quickShare.title')}>
          {NETWORKS.map(({ network, tone }) => (
            <Button
              key={network}
              type="button"
              variant="outline"
              className="justify-start"
              onClick={() => openSharePopup(network, eventUrl(), t('message.intro', { title: event.title }))}
              aria-label={t('social.shareOn', { network: t(`social.${network}`) })}
              data-testid={`quick-share-${network}`}
            >
              <SocialGlyph network={network} className={cn('size-4', tone)} />
              {t(`social.${network}`)}
            </Button>
          ))}
          <Button
            type="button"
            variant="outline"
            className="justify-start"
            onClick={() => void copyLink()}
            data-testid="quick-share-copy-link"
          >
            <Copy aria-hidden />
            {t('actions.copyLink')}
          </Button>
        </div>
        <ShareEventDialogLoader
          event={event}
          open={isDialogOpen}
          onOpenChange={setIsDialogOpen}
          trigger={
            <Button type="button" variant="secondary" className="w-full" data-testid="quick-share-custom-preview">
              <Sparkles aria-hidden />
              {t('quickShare.customPreview')}
            </Button>
          }
        />
      </CardContent>
    </Card>
  );
}
