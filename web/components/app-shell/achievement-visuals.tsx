import type { ComponentType, SVGProps } from 'react';
import {
  Award,
  CalendarCheck,
  CalendarHeart,
  CalendarPlus,
  Clock,
  Compass,
  Crown,
  Footprints,
  HandHelping,
  Hourglass,
  Landmark,
  Medal,
  MessageCircle,
  Share2,
  Sparkles,
  Star,
  Trophy,
} from 'lucide-react';
import type { Achievement } from '@contract/journey';
import { cn } from '@/lib/utils';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

// A static map (not lucide's dynamic import by name) keeps the bundle to the icons the catalogue uses.
const ICONS: Record<string, Icon> = {
  footprints: Footprints,
  'calendar-check': CalendarCheck,
  'calendar-heart': CalendarHeart,
  medal: Medal,
  'hand-helping': HandHelping,
  clock: Clock,
  hourglass: Hourglass,
  landmark: Landmark,
  compass: Compass,
  sparkles: Sparkles,
  'calendar-plus': CalendarPlus,
  crown: Crown,
  star: Star,
  'message-circle': MessageCircle,
  'share-2': Share2,
  trophy: Trophy,
};

function achievementIcon(name: string): Icon {
  return ICONS[name] ?? Award;
}

/** Icon tile colours per achievement colour, AA in both themes. */
const TILE: Record<Achievement['color'], string> = {
  green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300',
  blue: 'bg-sky-100 text-sky-800 dark:bg-sky-400/15 dark:text-sky-300',
  gold: 'bg-amber-100 text-amber-800 dark:bg-amber-400/15 dark:text-amber-300',
  purple: 'bg-violet-100 text-violet-800 dark:bg-violet-400/15 dark:text-violet-300',
  orange: 'bg-orange-100 text-orange-800 dark:bg-orange-400/15 dark:text-orange-300',
  red: 'bg-rose-100 text-rose-800 dark:bg-rose-400/15 dark:text-rose-300',
  pink: 'bg-pink-100 text-pink-800 dark:bg-pink-400/15 dark:text-pink-300',
  indigo: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-400/15 dark:text-indigo-300',
  teal: 'bg-teal-100 text-teal-800 dark:bg-teal-400/15 dark:text-teal-300',
  multicolor:
    'bg-gradient-to-br from-sky-100 via-violet-100 to-pink-100 text-violet-800 dark:from-sky-400/15 dark:via-violet-400/15 dark:to-pink-400/15 dark:text-violet-300',
  rainbow:
    'bg-gradient-to-br from-rose-100 via-amber-100 to-emerald-100 text-amber-900 dark:from-rose-400/15 dark:via-amber-400/15 dark:to-emerald-400/15 dark:text-amber-300',
};

/** Progress bar fill per achievement colour. */
export const ACHIEVEMENT_BAR: Record<Achievement['color'], string> = {
  green: '[&>*]:bg-emerald-600 dark:[&>*]:bg-emerald-400',
  blue: '[&>*]:bg-sky-600 dark:[&>*]:bg-sky-400',
  gold: '[&>*]:bg-amber-500 dark:[&>*]:bg-amber-400',
  purple: '[&>*]:bg-violet-600 dark:[&>*]:bg-violet-400',
  orange: '[&>*]:bg-orange-500 dark:[&>*]:bg-orange-400',
  red: '[&>*]:bg-rose-600 dark:[&>*]:bg-rose-400',
  pink: '[&>*]:bg-pink-600 dark:[&>*]:bg-pink-400',
  indigo: '[&>*]:bg-indigo-600 dark:[&>*]:bg-indigo-400',
  teal: '[&>*]:bg-teal-600 dark:[&>*]:bg-teal-400',
  multicolor: '[&>*]:bg-gradient-to-r [&>*]:from-sky-500 [&>*]:via-violet-500 [&>*]:to-pink-500',
  rainbow: '[&>*]:bg-gradient-to-r [&>*]:from-rose-500 [&>*]:via-amber-400 [&>*]:to-emerald-500',
};

export function AchievementIconTile({
  icon,
  color,
  className,
  isMuted = false,
}: {
  icon: string;
  color: Achievement['color'];
  className?: string;
  isMuted?: boolean;
}) {
  const IconComponent = achievementIcon(icon);
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex size-11 shrink-0 items-center justify-center rounded-xl',
        isMuted ? 'bg-muted text-muted-foreground' : TILE[color],
        className,
      )}
    >
      <IconComponent className="size-5" />
    </span>
  );
}

// In a module of its own so the always-present notices region can use it without these icons.
export { achievementTextKey } from './achievement-text-key';
