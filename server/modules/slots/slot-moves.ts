import { conflict } from '../../lib/http-error';
import type { Executor } from '../../db/client';
import * as repository from './slots.repository';

export const HOLDER_OVERLAP = 'Someone holding this slot holds another slot at the new time';

/**
 * Moves the slots of events whose date moves by as much (decision 0032), so a schedule stays on its day.
 * The caller holds the events' locks; the slots follow, then their holders' locks (decision 0027's order),
 * so a sign-up elsewhere cannot slip in before the check. A holder who would then hold two slots at once
 * refuses the whole change (409 HOLDER_OVERLAP), the rule a slot's own new time is held to.
 * Apart from the slots service, which depends on the events' service: this one must not.
 */
export async function moveSlotsWithEvents(tx: Executor, eventIds: number[], shiftMs: number): Promise<void> {
  if (shiftMs === 0 || eventIds.length === 0) return;
  await repository.shiftSlotsOfEvents(tx, eventIds, shiftMs);
  await repository.lockPeople(tx, await repository.listHolderIdsOfEvents(tx, eventIds));
  if (await repository.hasHolderOverlapOutside(tx, eventIds)) throw conflict(HOLDER_OVERLAP, 'HOLDER_OVERLAP');
}
