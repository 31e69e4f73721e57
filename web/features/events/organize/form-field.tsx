import type { ReactNode } from 'react';
import { FieldError } from '@/components/ui/form-dialog';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** What the field's control needs to be named by its label and described by its error or hint. */
export type FieldControlProps = { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined };

/**
 * One field of a form: its label (with "optional" after it when given), the control, and under it the error
 * (`error-<name>`) or, while there is none, the hint. The control gets the ids that tie the three together.
 */
export function FormField({
  id,
  name,
  label,
  optionalLabel,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  name: string;
  label: string;
  optionalLabel?: string;
  error: string | undefined;
  hint?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>
        {label}
        {optionalLabel && (
          <>
            {' '}
            <span className="font-normal text-muted-foreground">{optionalLabel}</span>
          </>
        )}
      </Label>
      {children({
        id,
        'aria-invalid': error !== undefined,
        'aria-describedby': error !== undefined ? errorId : hint ? hintId : undefined,
      })}
      {error !== undefined ? (
        <FieldError id={errorId} message={error} testId={`error-${name}`} />
      ) : (
        hint && (
          <p id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
