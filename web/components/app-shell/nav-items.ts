import type { ComponentType, SVGProps } from 'react';
import {
  CalendarDays,
  CalendarRange,
  House,
  Mail,
  MessageCircle,
  Route,
  UserRound,
  Users,
  UsersRound,
} from 'lucide-react';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

export type NavItem = {
  href: string;
  /** Key in the common namespace (nav.*). */
  labelKey: string;
  icon: Icon;
  /** Other paths under which this entry counts as the current page. */
  matches: (path: string) => boolean;
};

const startsWith =
  (...prefixes: string[]) =>
  (path: string) =>
    prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

/** The bottom navigation's five entries, in order. */
export const BOTTOM_NAV_ITEMS: NavItem[] = [
  { href: '/', labelKey: 'nav.home', icon: House, matches: (path) => path === '/' },
  { href: '/events', labelKey: 'nav.events', icon: CalendarDays, matches: startsWith('/events', '/discover') },
  { href: '/friends', labelKey: 'nav.friends', icon: Users, matches: startsWith('/friends') },
  { href: '/chat', labelKey: 'nav.chat', icon: MessageCircle, matches: startsWith('/chat') },
  { href: '/journey', labelKey: 'nav.journey', icon: Route, matches: startsWith('/journey') },
];

/** The main navigation adds Groups, Profile, My Events and Messages (Sign Out is a button). */
export const MAIN_NAV_ITEMS: NavItem[] = [
  ...BOTTOM_NAV_ITEMS,
  { href: '/groups', labelKey: 'nav.groups', icon: UsersRound, matches: startsWith('/groups') },
  { href: '/profile', labelKey: 'nav.profile', icon: UserRound, matches: startsWith('/profile') },
  { href: '/my-events', labelKey: 'nav.myEvents', icon: CalendarRange, matches: startsWith('/my-events') },
  { href: '/messages', labelKey: 'nav.messages', icon: Mail, matches: startsWith('/messages') },
];
