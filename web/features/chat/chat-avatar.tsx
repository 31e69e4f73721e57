import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';

// Tinted initials (not white on a saturated colour) keep AA contrast in both themes.
const TONES = [
  'bg-emerald-100 text-emerald-900 dark:bg-emerald-400/15 dark:text-emerald-200',
  'bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-200',
  'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
  'bg-rose-100 text-rose-900 dark:bg-rose-400/15 dark:text-rose-200',
  'bg-violet-100 text-violet-900 dark:bg-violet-400/15 dark:text-violet-200',
  'bg-teal-100 text-teal-900 dark:bg-teal-400/15 dark:text-teal-200',
];

function toneFor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return TONES[Math.abs(hash) % TONES.length] ?? TONES[0]!;
}

/** A person's picture, else their initials on a tone picked from `seed`, so each chat keeps its colour. */
export function ChatAvatar({
  seed,
  firstName,
  lastName,
  imageUrl,
  className,
}: {
  seed: string;
  firstName: string | null;
  lastName: string | null;
  imageUrl: string | null;
  className?: string;
}) {
  const initials = `${firstName?.charAt(0) ?? ''}${lastName?.charAt(0) ?? ''}`.toUpperCase() || 'U';
  return (
    <span className={cn('relative inline-flex shrink-0', className)}>
      <Avatar className="size-full">
        {imageUrl && <AvatarImage src={imageUrl} alt="" />}
        <AvatarFallback className={cn('text-sm', toneFor(seed))}>{initials}</AvatarFallback>
      </Avatar>
    </span>
  );
}
