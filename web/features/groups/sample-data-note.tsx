import { FlaskConical } from 'lucide-react';

export function SampleDataNote({ label }: { label: string }) {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-400/40 dark:bg-amber-400/10 dark:text-amber-200"
      data-testid="sample-data-note"
    >
      <FlaskConical className="size-3.5" aria-hidden />
      {label}
    </span>
  );
}
