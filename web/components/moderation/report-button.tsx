import { useState } from 'react';
import { Flag } from 'lucide-react';
import { DialogLoading, useHasBeenOpen } from '@/components/dialog-loading';
import { Button } from '@/components/ui/button';
import { useLazyModule } from '@/lib/use-lazy-module';
import type { ReportDialogProps } from './report-dialog';

const loadReportDialog = () => import('./report-dialog');

/**
 * A quiet "Report" that opens the report dialog, whose code and texts load on first use. `label` comes
 * from the screen's own texts, so a page that shows the button loads no moderation texts to paint it.
 */
export function ReportButton({
  label,
  className,
  ...target
}: Omit<ReportDialogProps, 'isOpen' | 'onOpenChange'> & { label: string; className?: string }) {
  const [isOpen, setIsOpen] = useState(false);
  const dialog = useLazyModule(loadReportDialog, useHasBeenOpen(isOpen));
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size="sm"
        className={className}
        onPointerEnter={() => void loadReportDialog()}
        onClick={() => setIsOpen(true)}
        data-testid="report-button"
      >
        <Flag aria-hidden />
        {label}
      </Button>
      {dialog ? <dialog.default {...target} isOpen={isOpen} onOpenChange={setIsOpen} /> : isOpen && <DialogLoading />}
    </>
  );
}
