import { z } from 'zod';

/** Its path, which the server also reads for the landing page it renders (server/plugins/web.ts). */
export const PUBLIC_STATS_PATH = '/api/stats/public';

/** GET /api/stats/public: the figures the landing page and Home show (decisions.md §21). */
export const publicStatsSchema = z.object({
  volunteers: z.number().int().describe('Accounts, deleted ones left out'),
  verifiedHours: z
    .number()
    .describe("Every verified hour ever recorded: the sum of each person's verified hours (GET /api/user/hours)"),
  communities: z.number().int().describe('Organizations'),
  eventsThisMonth: z
    .number()
    .int()
    .describe("Events starting in this calendar month (the server's time zone), cancelled and test events left out"),
});
export type PublicStats = z.infer<typeof publicStatsSchema>;

/** How old the figures may be: one reading serves every visitor for this long. */
export const PUBLIC_STATS_MAX_AGE_SECONDS = 5 * 60;
