import { QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CHECK_IN_CLOSES_AFTER_END_MINUTES } from '@contract/check-in';
import type { Event } from '@contract/events';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useTicket } from '../api/get-ticket';

const MINUTE_MS = 60 * 1000;

/** The code in groups of four, as people read a code aloud or type it. */
function groupCode(code: string): string {
  return code.match(/.{1,4}/g)?.join(' ') ?? code;
}

/**
 * The holder's ticket: their check-in code as a QR code the organizer scans at the door. Loaded only for
 * people holding a place (event-detail-page.tsx), and gone once check-in has closed.
 */
export function TicketCard({ event, className }: { event: Event; className?: string }) {
  const { t } = useTranslation('event-detail');
  const { data: ticket, isError } = useTicket(event.id);
  const closesAt =
    new Date(event.date).getTime() + (event.durationMinutes + CHECK_IN_CLOSES_AFTER_END_MINUTES) * MINUTE_MS;
  if (Date.now() > closesAt || isError) return null;
  return (
    <Card className={className} data-testid="ticket-card">
      <CardHeader className="pb-2">
        <h2 className="flex items-center gap-2 text-lg leading-tight font-semibold">
          <QrCode className="size-5 text-primary" aria-hidden />
          {t('ticket.title')}
        </h2>
      </CardHeader>
      <CardContent className="flex flex-col items-center gap-3">
        <p className="self-stretch text-sm text-muted-foreground">{t('ticket.hint')}</p>
        {/* Dark on white in either theme, as wide as a phone allows: a scanner at arm's length needs large modules. */}
        <img
          src={`/api/events/${event.id}/ticket/qr-code`}
          width={296}
          height={296}
          alt={t('ticket.qrAlt')}
          className="aspect-square w-full max-w-[296px] rounded-lg bg-white [image-rendering:pixelated]"
          data-testid="ticket-qr"
        />
        {ticket && (
          <p className="flex flex-col items-center gap-0.5 text-center">
            <span className="text-xs text-muted-foreground">{t('ticket.code')}</span>
            <code dir="ltr" className="font-mono text-sm tracking-wide break-all" data-testid="ticket-code">
              {groupCode(ticket.code)}
            </code>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
