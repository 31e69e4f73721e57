import type { PublicUser } from '../../../contract/users';
import type { Database } from '../../db/client';
import * as repository from './users.repository';

export class UsersService {
  constructor(private readonly db: Database) {}

  /** Other people only, never their e-mail; a blank search lists the first 20 by name. */
  search(callerId: string, search: string | undefined): Promise<PublicUser[]> {
    return repository.searchOtherUsers(this.db, callerId, search?.trim() ?? '');
  }
}
