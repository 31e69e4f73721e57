import { sql } from 'drizzle-orm';
import { CATEGORY_COLORS } from '../../contract/category-colors';
import type { Database } from './client';
import { achievements, categories } from './schema';

/** The seeded categories, with a lucide icon name each; their colours are the shared table's. */
export const CATEGORY_CATALOGUE = [
  { name: 'Cleanup', color: CATEGORY_COLORS.Cleanup, icon: 'trash-2' },
  { name: 'Food Distribution', color: CATEGORY_COLORS['Food Distribution'], icon: 'utensils' },
  { name: 'Elderly Help', color: CATEGORY_COLORS['Elderly Help'], icon: 'heart-handshake' },
  { name: 'Education', color: CATEGORY_COLORS.Education, icon: 'graduation-cap' },
  { name: 'Community Building', color: CATEGORY_COLORS['Community Building'], icon: 'users' },
  { name: 'Environmental', color: CATEGORY_COLORS.Environmental, icon: 'leaf' },
  { name: 'Healthcare', color: CATEGORY_COLORS.Healthcare, icon: 'stethoscope' },
  { name: 'Animal Welfare', color: CATEGORY_COLORS['Animal Welfare'], icon: 'paw-print' },
  { name: 'Disaster Relief', color: CATEGORY_COLORS['Disaster Relief'], icon: 'life-buoy' },
  { name: 'Sports & Recreation', color: CATEGORY_COLORS['Sports & Recreation'], icon: 'trophy' },
  { name: 'Arts & Culture', color: CATEGORY_COLORS['Arts & Culture'], icon: 'palette' },
  { name: 'Technology', color: CATEGORY_COLORS.Technology, icon: 'laptop' },
] as const;

export type AchievementMetric =
  | 'eventsJoined'
  | 'volunteerHours'
  | 'categoriesJoined'
  | 'eventsOrganized'
  | 'ratingsGiven'
  | 'messagesSent'
  | 'eventsShared';

/** The achievement catalogue. */
export const ACHIEVEMENT_CATALOGUE: ReadonlyArray<{
  name: string;
  description: string;
  category: 'hours' | 'events' | 'categories' | 'special' | 'other';
  requirement: number;
  points: number;
  color:
    'green' | 'blue' | 'gold' | 'purple' | 'orange' | 'red' | 'pink' | 'indigo' | 'teal' | 'multicolor' | 'rainbow';
  icon: string;
  metric: AchievementMetric;
}> = [
  {
    name: 'First Step',
    description: 'Join your first event',
    category: 'events',
    requirement: 1,
    points: 25,
    color: 'green',
    icon: 'footprints',
    metric: 'eventsJoined',
  },
  {
    name: 'Regular',
    description: 'Join 5 events',
    category: 'events',
    requirement: 5,
    points: 75,
    color: 'teal',
    icon: 'calendar-check',
    metric: 'eventsJoined',
  },
  {
    name: 'Community Regular',
    description: 'Join 10 events',
    category: 'events',
    requirement: 10,
    points: 150,
    color: 'indigo',
    icon: 'calendar-heart',
    metric: 'eventsJoined',
  },
  {
    name: 'Event Veteran',
    description: 'Join 25 events',
    category: 'events',
    requirement: 25,
    points: 300,
    color: 'orange',
    icon: 'medal',
    metric: 'eventsJoined',
  },
  {
    name: 'Helping Hand',
    description: 'Volunteer 10 hours',
    category: 'hours',
    requirement: 10,
    points: 50,
    color: 'green',
    icon: 'hand-helping',
    metric: 'volunteerHours',
  },
  {
    name: 'Time Giver',
    description: 'Volunteer 50 hours',
    category: 'hours',
    requirement: 50,
    points: 150,
    color: 'blue',
    icon: 'clock',
    metric: 'volunteerHours',
  },
  {
    name: 'Dedicated Volunteer',
    description: 'Volunteer 100 hours',
    category: 'hours',
    requirement: 100,
    points: 300,
    color: 'purple',
    icon: 'hourglass',
    metric: 'volunteerHours',
  },
  {
    name: 'Community Pillar',
    description: 'Volunteer 250 hours',
    category: 'hours',
    requirement: 250,
    points: 500,
    color: 'gold',
    icon: 'landmark',
    metric: 'volunteerHours',
  },
  {
    name: 'Explorer',
    description: 'Join events in 3 different categories',
    category: 'categories',
    requirement: 3,
    points: 100,
    color: 'pink',
    icon: 'compass',
    metric: 'categoriesJoined',
  },
  {
    name: 'Renaissance Volunteer',
    description: 'Join events in 6 different categories',
    category: 'categories',
    requirement: 6,
    points: 250,
    color: 'rainbow',
    icon: 'sparkles',
    metric: 'categoriesJoined',
  },
  {
    name: 'Event Creator',
    description: 'Organize your first event',
    category: 'special',
    requirement: 1,
    points: 50,
    color: 'orange',
    icon: 'calendar-plus',
    metric: 'eventsOrganized',
  },
  {
    name: 'Event Leader',
    description: 'Organize 5 events',
    category: 'special',
    requirement: 5,
    points: 150,
    color: 'red',
    icon: 'crown',
    metric: 'eventsOrganized',
  },
  {
    name: 'Trusted Reviewer',
    description: 'Rate 5 events',
    category: 'other',
    requirement: 5,
    points: 75,
    color: 'teal',
    icon: 'star',
    metric: 'ratingsGiven',
  },
  {
    name: 'Social Butterfly',
    description: 'Send 10 messages',
    category: 'other',
    requirement: 10,
    points: 50,
    color: 'pink',
    icon: 'message-circle',
    metric: 'messagesSent',
  },
  {
    name: 'Ambassador',
    description: 'Share 5 events by message',
    category: 'other',
    requirement: 5,
    points: 100,
    color: 'multicolor',
    icon: 'share-2',
    metric: 'eventsShared',
  },
];

export async function seedCatalogue(db: Database): Promise<void> {
  await db
    .insert(categories)
    .values([...CATEGORY_CATALOGUE])
    .onConflictDoUpdate({ target: categories.name, set: { color: sql`excluded.color`, icon: sql`excluded.icon` } });
  await db
    .insert(achievements)
    .values([...ACHIEVEMENT_CATALOGUE])
    .onConflictDoUpdate({
      target: achievements.name,
      set: {
        description: sql`excluded.description`,
        category: sql`excluded.category`,
        requirement: sql`excluded.requirement`,
        points: sql`excluded.points`,
        color: sql`excluded.color`,
        icon: sql`excluded.icon`,
        metric: sql`excluded.metric`,
      },
    });
}
