import { type SQL, sql } from 'drizzle-orm';

/*
 * Who of the others a person may see (decisions §20, §22): the one rule every read of people
 * uses, so that search, friends, requests, suggestions and person pages cannot disagree again. Fragments
 * of SQL over a row of `users` named `alias` ("users" in a Drizzle query of the table, or the alias of a
 * hand-written one); apart from the repository because other modules read it inside their own statements.
 */

function blocks(blockerId: SQL | string, blockedId: SQL | string): SQL {
  return sql`EXISTS (SELECT 1 FROM user_blocks b WHERE b.blocker_id = ${blockerId} AND b.blocked_id = ${blockedId})`;
}

/** A live account: a deleted one keeps its row for its messages, a suspended one is hidden until undone. */
function isLivePerson(alias = 'users'): SQL {
  const person = sql.identifier(alias);
  return sql`(${person}.deleted_at IS NULL AND ${person}.suspended_at IS NULL)`;
}

/**
 * A person `viewerId` may find in a list (search, friends, requests, suggestions): live, and neither of
 * the two blocks the other.
 */
export function isVisiblePerson(viewerId: string, alias = 'users'): SQL {
  const person = sql.identifier(alias);
  return sql`(${isLivePerson(alias)} AND NOT ${blocks(viewerId, sql`${person}.id`)} AND NOT ${blocks(sql`${person}.id`, viewerId)})`;
}

/**
 * A person whose page `viewerId` may open: live, and not blocking the viewer (to whom they do not exist).
 * The blocker may still open the page of the person they blocked: it is where they look them up and
 * what they expect of a block they can undo (docs/security.md, "Trust, round four").
 */
export function isPersonPageVisible(viewerId: string, alias = 'users'): SQL {
  const person = sql.identifier(alias);
  return sql`(${isLivePerson(alias)} AND NOT ${blocks(sql`${person}.id`, viewerId)})`;
}
