import type { ComponentProps } from 'react';
import { Progress as ProgressPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';

/** `max` defaults to 100; the value is clamped so the bar never overflows. */
export function Progress({ className, value, max = 100, ...props }: ComponentProps<typeof ProgressPrimitive.Root>) {
  const clamped = Math.min(Math.max(value ?? 0, 0), max);
  return (
    <ProgressPrimitive.Root
      data-slot="progress"
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-primary/20', className)}
      value={clamped}
      max={max}
      {...props}
    >
      <ProgressPrimitive.Indicator
        className="h-full w-full flex-1 bg-primary transition-transform rtl:origin-right"
        style={{ transform: `translateX(-${100 - (clamped / max) * 100}%)` }}
      />
    </ProgressPrimitive.Root>
  );
}
