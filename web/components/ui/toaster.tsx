import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast';
import { reportToastShown, useToast } from '@/lib/use-toast';

/** 5000 ms default duration, swipe right with Radix's 50 px threshold, F8 focuses the viewport. */
export function Toaster() {
  const { toasts } = useToast();
  const { t } = useTranslation('common');
  useEffect(() => {
    for (const item of toasts) reportToastShown(item.id);
  }, [toasts]);
  return (
    <ToastProvider duration={5000} swipeDirection="right" swipeThreshold={50} label={t('toasts.notificationLabel')}>
      {toasts.map(({ id, title, description, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
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
