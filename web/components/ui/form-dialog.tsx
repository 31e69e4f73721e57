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
  DialogTrigger,
} from '@/components/ui/dialog';
import { cn } from '@/lib/utils';

/**
 * - `compact`: a few fields (the rating); `default`: a confirmation or one field;
 * - `large`: a long form (the event form), its title larger;
 * - `wide`: side-by-side panes on wide screens (sharing), the header always reading from the start.
 * The forms whose confirm label changes length while pending keep the button's width (min-w-36).
 */
type FormDialogSize = 'compact' | 'default' | 'large' | 'wide';

const SIZE_CLASSES: Record<
  FormDialogSize,
  { content?: string; header?: string; title?: string; form: string; footer?: string; confirm?: string }
> = {
  compact: { content: 'gap-5 sm:max-w-md', form: 'gap-5', confirm: 'min-w-36' },
  default: { form: 'gap-4' },
  large: { content: 'gap-5 sm:max-w-xl', title: 'text-xl', form: 'gap-4', footer: 'pt-2', confirm: 'min-w-36' },
  wide: {
    content: 'w-[calc(100%-1.5rem)] gap-5 p-4 sm:max-w-2xl sm:p-6 lg:max-w-5xl',
    header: 'pe-8 text-start',
    form: 'gap-4',
  },
};

interface FormDialogCommonProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  testId: string;
  title: ReactNode;
  description: ReactNode;
  size?: FormDialogSize;
  /** The control that opens the dialog, as the dialog's trigger: it gets the focus back on close. */
  trigger?: ReactNode;
  /** What the dialog says between its description and its form (or its buttons). */
  notice?: ReactNode;
}

interface FormDialogActionProps extends FormDialogCommonProps {
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
  /** While the call runs, the dialog stays: Cancel is disabled, Escape and clicks outside do nothing. */
  isLockedWhilePending?: boolean;
  confirmVariant?: 'default' | 'destructive';
  /** Shown before the label while nothing is pending (a spinner takes its place meanwhile). */
  confirmIcon?: ReactNode;
  confirmTestId?: string;
  /** Shown instead of the confirm button when the action is not possible (another way out, or nothing). */
  alternative?: ReactNode;
  hasActions?: true;
}

/** A dialog whose content brings its own controls (several actions, none of them "the" confirm). */
interface FormDialogContentProps extends FormDialogCommonProps {
  hasActions: false;
  children: ReactNode;
}

export type FormDialogProps = FormDialogActionProps | FormDialogContentProps;

/**
 * The app's confirm and form dialogs: a Radix dialog with a title and a description, an optional
 * notice, the fields, and Cancel beside a confirm button that shows a spinner and its pending label while
 * the call runs (and is busy and disabled meanwhile). Field errors stay with their fields (FieldError).
 * With `hasActions={false}` it is the same frame around content that has its own controls.
 */
export function FormDialog(props: FormDialogProps) {
  const { isOpen, onOpenChange, testId, title, description, size = 'default', trigger, notice } = props;
  const classes = SIZE_CLASSES[size];
  const isLocked = props.hasActions !== false && props.isPending && props.isLockedWhilePending === true;
  return (
    <Dialog open={isOpen} onOpenChange={(next) => !isLocked && onOpenChange(next)}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent className={classes.content} data-testid={testId}>
        <DialogHeader className={classes.header}>
          <DialogTitle className={classes.title}>{title}</DialogTitle>
          {/* Descriptions often quote an event's title, which may be one long word. */}
          <DialogDescription className="break-words">{description}</DialogDescription>
        </DialogHeader>
        {notice}
        {props.hasActions === false ? props.children : <FormDialogBody {...props} isLocked={isLocked} />}
      </DialogContent>
    </Dialog>
  );
}

function FormDialogBody({
  onOpenChange,
  size = 'default',
  children,
  onSubmit,
  onConfirm,
  cancelLabel,
  confirmLabel,
  pendingLabel,
  isPending,
  isConfirmDisabled = false,
  isLocked,
  confirmVariant,
  confirmIcon,
  confirmTestId,
  alternative,
}: FormDialogActionProps & { isLocked: boolean }) {
  const classes = SIZE_CLASSES[size];
  const footer = (
    <DialogFooter className={classes.footer}>
      <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isLocked}>
        {cancelLabel}
      </Button>
      {alternative === undefined ? (
        <Button
          type={onSubmit ? 'submit' : 'button'}
          variant={confirmVariant}
          disabled={isPending || isConfirmDisabled}
          aria-busy={isPending || undefined}
          onClick={onSubmit ? undefined : onConfirm}
          className={classes.confirm}
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
  if (!onSubmit) return footer;
  return (
    <form onSubmit={onSubmit} noValidate className={cn('flex flex-col', classes.form)}>
      {children}
      {footer}
    </form>
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
