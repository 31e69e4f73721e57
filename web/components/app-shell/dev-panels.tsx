import { useState, type ComponentType, type SVGProps } from 'react';
import { FlaskConical, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLazyModule } from '@/lib/use-lazy-module';
import { cn } from '@/lib/utils';
import { useShowDevPanels } from './use-dev-panels-setting';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

// The panels' contents load when one is first opened (or the pointer or focus reaches a toggle).
const loadPanels = () => import('./dev-panels-content');

/**
 * The two floating developer test panels, on every signed-in page unless the operator set
 * SHOW_DEV_PANELS=false. They start folded into two small buttons at the bottom-start corner (above
 * the phone's bottom navigation) so they never cover the page.
 */
export function DevPanels() {
  const isShown = useShowDevPanels();
  const [openPanel, setOpenPanel] = useState<'effects' | 'alerts' | null>(null);
  const panels = useLazyModule(loadPanels, openPanel !== null);
  if (!isShown) return null;
  const toggle = (panel: 'effects' | 'alerts') => setOpenPanel((current) => (current === panel ? null : panel));
  return (
    <div
      // Not over a screen that fills the phone (a chat thread): its message box reaches the bottom bar.
      className="pointer-events-none fixed start-3 bottom-20 z-30 flex flex-col items-start gap-2 md:bottom-4 max-md:group-has-[[data-fills-phone-screen]]/shell:hidden"
      data-testid="dev-panels"
    >
      {panels && openPanel === 'effects' && <panels.EffectsPanel onClose={() => setOpenPanel(null)} />}
      {panels && openPanel === 'alerts' && <panels.AlertsPanel onClose={() => setOpenPanel(null)} />}
      <div className="pointer-events-auto flex gap-2">
        <PanelToggle
          icon={Sparkles}
          labelKey="devPanels.effectsTitle"
          isOpen={openPanel === 'effects'}
          onClick={() => toggle('effects')}
          testId="dev-panel-effects-toggle"
          controls="dev-panel-effects"
        />
        <PanelToggle
          icon={FlaskConical}
          labelKey="devPanels.alertsTitle"
          isOpen={openPanel === 'alerts'}
          onClick={() => toggle('alerts')}
          testId="dev-panel-alerts-toggle"
          controls="dev-panel-alerts"
        />
      </div>
    </div>
  );
}

function PanelToggle({
  icon: IconComponent,
  labelKey,
  isOpen,
  onClick,
  testId,
  controls,
}: {
  icon: Icon;
  labelKey: string;
  isOpen: boolean;
  onClick: () => void;
  testId: string;
  controls: string;
}) {
  const { t } = useTranslation('shell');
  return (
    <button
      type="button"
      onClick={onClick}
      onPointerEnter={() => void loadPanels()}
      onFocus={() => void loadPanels()}
      aria-expanded={isOpen}
      aria-controls={controls}
      aria-label={t(labelKey)}
      title={t(labelKey)}
      className={cn(
        'inline-flex size-10 items-center justify-center rounded-full border border-dashed border-violet-400 bg-card/95 text-violet-700 shadow-md backdrop-blur transition-colors hover:bg-violet-50 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none dark:border-violet-400/60 dark:text-violet-300 dark:hover:bg-violet-400/10',
        isOpen &&
          'border-solid bg-violet-600 text-white hover:bg-violet-700 dark:bg-violet-500 dark:text-white dark:hover:bg-violet-500',
      )}
      data-testid={testId}
    >
      <IconComponent className="size-5" aria-hidden />
    </button>
  );
}
