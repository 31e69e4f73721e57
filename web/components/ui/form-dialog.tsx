import type { FormEventHandler, ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

export interface FormDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  testId: string;
  title: ReactNode;
  description: ReactNode;
  /** What the dialog says between its description and its form (or its buttons). */
  notice?: ReactNode;
  /** The form's fields; with `onSubmit` the fields and buttons are one form, the confirm button submits it. */
  children?: ReactNode;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** Without a form: what the confirm button does. */
  onConfirm?: () => void;
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  pendingLabel: ReactNode;
  isPending: boolean;
  isConfirmDisabled?: boolean;
  confirmVariant?: 'default' | 'destructive';
  /** Shown before the label while nothing is pending (a spinner takes its place meanwhile). */
  confirmIcon?: ReactNode;
  confirmTestId?: string;
  /** Shown instead of the confirm button when the action is not possible (another way out, or nothing). */
  alternative?: ReactNode;
}

/**
 * The app's confirm and small-form dialogs: a Radix dialog with a title and a description, an optional
 * notice, the fields, and Cancel beside a confirm button that shows a spinner and its pending label while
 * the call runs (and is busy and disabled meanwhile). Field errors stay with their fields (FieldError).
 */
export function FormDialog({
  isOpen,
  onOpenChange,
  testId,
  title,
  description,
  notice,
  children,
  onSubmit,
  onConfirm,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  isPending,
  isConfirmDisabled = false,
  confirmVariant,
  confirmIcon,
  confirmTestId,
  alternative,
}: FormDialogProps) {
  const footer = (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
        {cancelLabel}
      </Button>
      {alternative === undefined ? (
        <Button
          type={onSubmit ? 'submit' : 'button'}
          variant={confirmVariant}
          disabled={isPending || isConfirmDisabled}
          aria-busy={isPending || undefined}
          onClick={onSubmit ? undefined : onConfirm}
          data-testid={confirmTestId}
        >
          {isPending ? <LoaderCircle className="animate-spin" aria-hidden /> : confirmIcon}
          {isPending ? pendingLabel : confirmLabel}
        </Button>
      ) : (
        alternative
      )}
    </DialogFooter>
  );
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent data-testid={testId}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {notice}
        {onSubmit ? (
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
            {children}
            {footer}
          </form>
        ) : (
          footer
        )}
      </DialogContent>
    </Dialog>
  );
}

/** A field's error under it, tied to the field by `id` (its aria-describedby). */
export function FieldError({ id, message, testId }: { id: string; message?: string; testId?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive" data-testid={testId}>
      {message}
    </p>
  );
}
