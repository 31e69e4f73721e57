import {
  FRIEND_SUGGESTIONS_MAX,
  type FriendPerson,
  type FriendRequestResult,
  type FriendRequests,
  type FriendSuggestion,
  type Person,
} from '../../../contract/friends';
import type { Database, Executor } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { toIso } from '../../lib/iso-time';
import { consumeWriteLimit, WRITE_LIMITS } from '../limits/limits.service';
import { createNotifications } from '../notifications/notifications.service';
import * as repository from './friends.repository';

const REQUEST_NOT_FOUND = 'Friend request not found';

/**
 * Ends whatever the two have, a friendship or a request either way, inside the transaction that writes
 * a block (decisions §22: "Blocking covers friend requests, friendships (ended)").
 */
export async function endFriendshipForBlock(tx: Executor, blockerId: string, blockedId: string): Promise<void> {
  await repository.lockPairWrites(tx, blockerId, blockedId);
  const existing = await repository.lockPair(tx, blockerId, blockedId);
  if (existing) await repository.deleteFriendship(tx, existing.id);
}

function toPerson(row: repository.PersonRow): FriendPerson {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    mutualFriends: Number(row.mutual_friends),
  };
}

function toRequest(row: repository.RequestRow) {
  return { id: row.request_id, user: toPerson(row), createdAt: toIso(row.created_at) };
}

/** Friends and friend requests (decisions §21): one row per pair of people, whoever asked. */
export class FriendsService {
  constructor(private readonly db: Database) {}

  async listFriends(userId: string): Promise<FriendPerson[]> {
    return (await repository.listFriends(this.db, userId)).map(toPerson);
  }

  async listRequests(userId: string): Promise<FriendRequests> {
    const [incoming, outgoing] = [
      await repository.listRequests(this.db, userId, 'incoming'),
      await repository.listRequests(this.db, userId, 'outgoing'),
    ];
    return { incoming: incoming.map(toRequest), outgoing: outgoing.map(toRequest) };
  }

  async listSuggestions(userId: string): Promise<FriendSuggestion[]> {
    const rows = await repository.listSuggestions(this.db, userId, FRIEND_SUGGESTIONS_MAX);
    return rows.map((row) => ({
      ...toPerson(row),
      event: { id: row.event_id, title: row.event_title },
      sharedEvents: Number(row.shared_events),
    }));
  }

  /**
   * A person's page: 404 for no live account, and for one that blocks the viewer, who learns no more
   * than that the person is not there (decisions §22).
   */
  async person(userId: string, personId: string): Promise<Person> {
    const row = await repository.findPerson(this.db, userId, personId);
    if (!row) throw notFound('User not found', 'USER_NOT_FOUND');
    const pair = personId === userId ? undefined : await repository.findPair(this.db, userId, personId);
    const friendship =
      personId === userId
        ? ('self' as const)
        : !pair
          ? ('none' as const)
          : pair.status === 'accepted'
            ? ('friends' as const)
            : pair.requesterId === userId
              ? ('outgoing' as const)
              : ('incoming' as const);
    return { ...toPerson(row), friendship, requestId: friendship === 'incoming' && pair ? pair.id : null };
  }

  /**
   * Asks `addresseeId` to be friends. Asking someone who already asked the caller accepts their request
   * (both want it; a second, crossing request would leave each waiting on the other). The limit counts
   * inside the transaction, so a refused ask counts nothing.
   */
  async request(userId: string, addresseeId: string): Promise<FriendRequestResult> {
    if (addresseeId === userId)
      throw badRequest(
        'You cannot send a friend request to yourself',
        [{ path: 'userId', message: 'You cannot send a friend request to yourself' }],
        'FRIEND_REQUEST_TO_SELF',
      );
    return this.db.transaction(async (tx) => {
      await repository.lockPairWrites(tx, userId, addresseeId);
      // Blocked by the person asked: the same 404 as their page answers, so the asker learns nothing of
      // the block. The blocker knows what they did: a plain 403 says to unblock first (decisions §22).
      if (!(await repository.isPersonVisibleTo(tx, userId, addresseeId)))
        throw notFound('User not found', 'USER_NOT_FOUND');
      if (await repository.isBlocking(tx, userId, addresseeId))
        throw forbidden('Unblock this person before asking them to be friends', 'BLOCKED');
      const existing = await repository.lockPair(tx, userId, addresseeId);
      if (existing) return this.askAgain(tx, userId, existing);
      await consumeWriteLimit(tx, WRITE_LIMITS.friendRequests, userId);
      const id = await repository.insertRequest(tx, userId, addresseeId);
      if (id === undefined) {
        // A crossing request of the other person committed between the look and the insert (the unique
        // pair index made this insert wait for it): read committed, the next statement sees it.
        const crossing = await repository.lockPair(tx, userId, addresseeId);
        if (!crossing) throw conflict('You have already asked this person', 'ALREADY_REQUESTED');
        return this.askAgain(tx, userId, crossing);
      }
      await createNotifications(tx, 'friend_request', [addresseeId], { eventId: null, actorId: userId });
      return { id, status: 'pending' as const };
    });
  }

  /** Asking when the pair has a row: a conflict, or a yes to the other person's request. */
  private async askAgain(
    tx: Executor,
    userId: string,
    existing: repository.FriendshipRow,
  ): Promise<FriendRequestResult> {
    if (existing.status === 'accepted') throw conflict('You are already friends', 'ALREADY_FRIENDS');
    if (existing.requesterId === userId) throw conflict('You have already asked this person', 'ALREADY_REQUESTED');
    await repository.acceptRequest(tx, existing.id);
    await createNotifications(tx, 'friend_accepted', [existing.requesterId], { eventId: null, actorId: userId });
    return { id: existing.id, status: 'accepted' };
  }

  /** Only the person asked may accept or decline; the asker and anyone else get 403. */
  async answer(userId: string, requestId: number, isAccepted: boolean): Promise<FriendRequestResult> {
    return this.db.transaction(async (tx) => {
      const request = await repository.lockRequest(tx, requestId);
      if (!request) throw notFound(REQUEST_NOT_FOUND, 'FRIEND_REQUEST_NOT_FOUND');
      if (request.addresseeId !== userId) throw forbidden('Only the person asked can answer a friend request');
      if (request.status === 'accepted') {
        if (isAccepted) return { id: request.id, status: 'accepted' as const };
        throw conflict('You are already friends', 'ALREADY_FRIENDS');
      }
      if (!isAccepted) {
        await repository.deleteFriendship(tx, request.id);
        return { id: request.id, status: 'declined' as const };
      }
      await repository.acceptRequest(tx, request.id);
      await createNotifications(tx, 'friend_accepted', [request.requesterId], { eventId: null, actorId: userId });
      return { id: request.id, status: 'accepted' as const };
    });
  }

  /** Ends a friendship, or withdraws a request either way: whichever the pair has. */
  async remove(userId: string, otherId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const existing = await repository.lockPair(tx, userId, otherId);
      if (!existing) throw notFound('You are not friends with this person', 'NOT_FRIENDS');
      await repository.deleteFriendship(tx, existing.id);
    });
  }
}
