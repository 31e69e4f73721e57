import type { Executor } from '../../db/client';
import * as repository from './categories.repository';

/** The category of an event being created or edited; undefined when no category has that id. */
export function findCategory(db: Executor, id: number) {
  return repository.findCategory(db, id);
}
