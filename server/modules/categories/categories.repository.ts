import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { categories } from '../../db/schema';

export function listCategories(db: Executor) {
  return db.select().from(categories).orderBy(asc(categories.id));
}

export async function findCategory(db: Executor, id: number) {
  const [row] = await db.select().from(categories).where(eq(categories.id, id)).limit(1);
  return row;
}
