import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast';
import { reportToastShown, useToast } from '@/lib/use-toast';

/**
 * Reports its toast on screen from inside the toast: Radix draws a toast into the viewport's portal on a
 * later render than the Toaster's own, so an effect of the Toaster ran before the text was on the page, and
 * a redirect that waits 500 ms after `shown` left a loaded phone with the toast seen for less (456 ms).
 */
function ReportShown({ id }: { id: string }) {
  useEffect(() => reportToastShown(id), [id]);
  return null;
}

/** 5000 ms default duration, swipe right with Radix's 50 px threshold, F8 focuses the viewport. */
export function Toaster() {
  const { toasts } = useToast();
  const { t } = useTranslation('common');
  return (
    <ToastProvider duration={5000} swipeDirection="right" swipeThreshold={50} label={t('toasts.notificationLabel')}>
      {toasts.map(({ id, title, description, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            <ReportShown id={id} />
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          <ToastClose label={t('actions.close')} />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} label={t('toasts.viewportLabel')} />
    </ToastProvider>
  );
}
