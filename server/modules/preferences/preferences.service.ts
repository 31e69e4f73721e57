import { PREFERENCE_LIMITS, type Preferences, type SavePreferencesBody } from '../../../contract/preferences';
import type { Database } from '../../db/client';
import { badRequest } from '../../lib/http-error';
import { findCategory } from '../categories/categories.service';
import type { EventsService } from '../events/events.service';
import * as repository from './preferences.repository';

const NO_PREFERENCES: Preferences = {
  place: null,
  categoryIds: [],
  hasFinishedOnboarding: false,
  hasDismissedTips: false,
};

function toPreferences(row: repository.PreferencesRow | undefined): Preferences {
  if (!row) return NO_PREFERENCES;
  return {
    place: row.place,
    categoryIds: row.categoryIds,
    hasFinishedOnboarding: row.onboardedAt !== null,
    hasDismissedTips: row.tipsDismissedAt !== null,
  };
}

export class PreferencesService {
  constructor(
    private readonly db: Database,
    private readonly events: EventsService,
  ) {}

  async get(userId: string): Promise<Preferences> {
    return toPreferences(await repository.findPreferences(this.db, userId));
  }

  async save(userId: string, answers: SavePreferencesBody): Promise<Preferences> {
    for (const [index, categoryId] of answers.categoryIds.entries()) {
      if (!(await findCategory(this.db, categoryId)))
        throw badRequest('Category not found', [{ path: `categoryIds.${index}`, message: 'Category not found' }]);
    }
    return toPreferences(await repository.saveAnswers(this.db, userId, answers));
  }

  async skip(userId: string): Promise<Preferences> {
    return toPreferences(await repository.markOnboarded(this.db, userId));
  }

  async dismissTips(userId: string): Promise<Preferences> {
    return toPreferences(await repository.markTipsDismissed(this.db, userId));
  }

  /** The upcoming events matching the person's answers, as the JSON text of the answer. */
  async listMatchingEventsJson(userId: string): Promise<string> {
    const { place, categoryIds } = await this.get(userId);
    return this.events.listMatchingJson(userId, { place, categoryIds }, PREFERENCE_LIMITS.matchingEventsMax);
  }
}
