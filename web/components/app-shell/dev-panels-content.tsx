import type { ComponentType, ReactNode, SVGProps } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BellRing, CalendarPlus, MessageSquare, PartyPopper, Share2, ShieldAlert, Trophy, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { callApi } from '@/lib/call-api';
import { toast } from '@/lib/use-toast';
import { fireConfetti } from './fire-confetti';
import { useAchievementNotifications, type NoticeAchievement } from './use-achievement-notifications';

// The two developer test panels' contents, loaded by dev-panels.tsx when first opened.

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

const SAMPLE_ACHIEVEMENT: NoticeAchievement = {
  id: 0,
  name: 'Test Achievement',
  description: 'This is a sample achievement notice from the test panel.',
  points: 50,
  icon: 'trophy',
  color: 'gold',
};

/** One day ahead at the current time of day: always within the server's "in the future" rule. */
function tomorrow(): string {
  return new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString();
}

function Panel({
  id,
  titleKey,
  onClose,
  children,
}: {
  id: string;
  titleKey: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('shell');
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="pointer-events-auto w-56 animate-fade-in rounded-xl border border-dashed border-violet-400 bg-card/95 p-2 shadow-xl backdrop-blur dark:border-violet-400/60"
      data-testid={id}
    >
      <div className="flex items-center justify-between gap-2 px-1.5 pb-1.5">
        <h2
          id={`${id}-title`}
          className="text-xs font-semibold tracking-wide text-violet-700 uppercase dark:text-violet-300"
        >
          {t(titleKey)}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label={t('devPanels.close')}
          className="inline-flex size-7 items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <X className="size-4" aria-hidden />
        </button>
      </div>
      <div className="flex flex-col gap-1">{children}</div>
    </section>
  );
}

function PanelButton({
  icon: IconComponent,
  label,
  onClick,
  isDisabled = false,
  testId,
}: {
  icon: Icon;
  label: string;
  onClick: () => void;
  isDisabled?: boolean;
  testId: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={isDisabled}
      className="flex h-9 items-center gap-2.5 rounded-lg px-2.5 text-start text-sm font-medium text-foreground transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none disabled:opacity-60"
      data-testid={testId}
    >
      <IconComponent className="size-4 shrink-0 text-violet-700 dark:text-violet-300" aria-hidden />
      {label}
    </button>
  );
}

/** Panel one: confetti and a sample achievement notice. */
export function EffectsPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('shell');
  const { add } = useAchievementNotifications();
  return (
    <Panel id="dev-panel-effects" titleKey="devPanels.effectsTitle" onClose={onClose}>
      <PanelButton
        icon={PartyPopper}
        label={t('devPanels.confetti')}
        onClick={() => void fireConfetti()}
        testId="dev-confetti"
      />
      <PanelButton
        icon={Trophy}
        label={t('devPanels.achievement')}
        onClick={() =>
          add({
            ...SAMPLE_ACHIEVEMENT,
            name: t('devPanels.sampleAchievement.name'),
            description: t('devPanels.sampleAchievement.description'),
          })
        }
        testId="dev-achievement"
      />
    </Panel>
  );
}

/** Panel two: sample alerts, a test event through the API that only its creator sees, and sharing the app. */
export function AlertsPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  const queryClient = useQueryClient();

  const createEvent = useMutation({
    mutationFn: () =>
      callApi((api) =>
        api.POST('/api/events', {
          body: {
            title: t('shell:devPanels.testEvent.title', { time: new Date().toLocaleTimeString() }),
            description: t('shell:devPanels.testEvent.description'),
            location: t('shell:devPanels.testEvent.location'),
            date: tomorrow(),
            categoryId: 1,
            maxAttendees: 25,
            // A test, not an invitation: the server lists it to its creator only.
            isTest: true,
          },
        }),
      ),
    onSuccess: (event) => {
      toast({ title: t('common:toasts.eventCreatedShort'), description: event.title });
      // Every list of events (any filter is part of the URL key) and the organizer's own list.
      void queryClient.invalidateQueries({
        predicate: (query) =>
          typeof query.queryKey[0] === 'string' &&
          (query.queryKey[0].startsWith('/api/events') || query.queryKey[0] === '/api/my-events'),
      });
    },
    onError: () => {
      toast({
        title: t('common:toasts.testEventFailed.title'),
        description: t('common:toasts.testEventFailed.description'),
        variant: 'destructive',
      });
    },
  });

  const share = async () => {
    const url = window.location.origin;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: 'PitchIn', text: t('shell:devPanels.shareText'), url });
        toast({ title: t('shell:devPanels.shared') });
      } catch (error) {
        // Closing the share sheet is not an error worth telling anyone about.
        if (!(error instanceof DOMException && error.name === 'AbortError'))
          toast({
            title: t('common:toasts.errorTitle'),
            description: t('shell:devPanels.shareFailed'),
            variant: 'destructive',
          });
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('shell:devPanels.linkCopied.title'), description: t('shell:devPanels.linkCopied.description') });
    } catch {
      toast({
        title: t('common:toasts.errorTitle'),
        description: t('common:toasts.clipboardFailed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Panel id="dev-panel-alerts" titleKey="devPanels.alertsTitle" onClose={onClose}>
      <PanelButton
        icon={BellRing}
        label={t('shell:devPanels.eventAlert')}
        onClick={() =>
          toast({
            title: t('shell:devPanels.eventAlertToast.title'),
            description: t('shell:devPanels.eventAlertToast.description'),
          })
        }
        testId="dev-event-alert"
      />
      <PanelButton
        icon={MessageSquare}
        label={t('shell:devPanels.messageAlert')}
        onClick={() =>
          toast({
            title: t('shell:devPanels.messageAlertToast.title'),
            description: t('shell:devPanels.messageAlertToast.description'),
          })
        }
        testId="dev-message-alert"
      />
      <PanelButton
        icon={CalendarPlus}
        label={createEvent.isPending ? t('shell:devPanels.creating') : t('shell:devPanels.createEvent')}
        onClick={() => createEvent.mutate()}
        isDisabled={createEvent.isPending}
        testId="dev-create-event"
      />
      <PanelButton
        icon={ShieldAlert}
        label={t('shell:devPanels.systemAlert')}
        onClick={() =>
          toast({
            title: t('shell:devPanels.systemAlertToast.title'),
            description: t('shell:devPanels.systemAlertToast.description'),
          })
        }
        testId="dev-system-alert"
      />
      <PanelButton
        icon={Share2}
        label={t('shell:devPanels.testShare')}
        onClick={() => void share()}
        testId="dev-test-share"
      />
    </Panel>
  );
}
