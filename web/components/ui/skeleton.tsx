import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/**
 * A grey placeholder block. `isPulsing={false}` for the blocks of a placeholder that pulses as a whole:
 * one animation per card rather than one per block (event-card-skeleton.tsx).
 */
export function Skeleton({ className, isPulsing = true, ...props }: ComponentProps<'div'> & { isPulsing?: boolean }) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden
      className={cn(isPulsing && 'animate-pulse', 'rounded-md bg-muted', className)}
      {...props}
    />
  );
}
