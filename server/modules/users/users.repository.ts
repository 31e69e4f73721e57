import { and, asc, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { isVisiblePerson } from './visible-people';

const SEARCH_LIMIT = 20;

/** The expression of the users_name_search trigram index, written identically so the planner can use it. */
const fullName = sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;

function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export function searchOtherUsers(db: Executor, callerId: string, search: string) {
  // Deleted and suspended accounts are nobody to find or write to, nor is anyone either of the two blocked
  // (decisions §20): the rule every read of people shares.
  const conditions = [ne(users.id, callerId), isVisiblePerson(callerId)];
  if (search) conditions.push(sql`${fullName} LIKE ${`%${escapeLikePattern(search.toLowerCase())}%`}`);
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      profileImageUrl: users.profileImageUrl,
    })
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(SEARCH_LIMIT);
}
