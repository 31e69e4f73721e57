/**
 * SAMPLE DATA (Friends): friends are not real yet — the server answers `GET /api/friends`
 * with `[]`. These people are made up; the page says so with a visible 'Sample data'
 * note. Names come from several cultures on purpose, so layout and initials are exercised by the kinds
 * of names real volunteers have. No profile pictures: remote images would leak requests to third-party
 * hosts and fail offline, so avatars show initials.
 */

export interface SamplePerson {
  id: string;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
}

/** A friend. */
export interface SampleFriend extends SamplePerson {
  mutualFriends: number;
  /** ISO timestamp. */
  lastActive: string;
  isOnline: boolean;
}

/** A friend request: status is always 'pending' (accept and decline are not wired). */
export interface SampleFriendRequest {
  id: string;
  requester: SamplePerson;
  addressee: SamplePerson;
  status: 'pending';
  /** ISO timestamp. */
  createdAt: string;
  mutualFriends: number;
}

/** A reason is a key of `friends:reasons` so it is translated like every other text. */
type SuggestionReason = 'sameEvent' | 'nearby' | 'sharedInterest' | 'mutualFriends';

export interface SampleSuggestion extends SamplePerson {
  mutualFriends: number;
  reason: SuggestionReason;
}

const MINUTE = 60_000;
// Relative to page load so "last active" reads naturally whenever the page is opened.
function minutesAgo(minutes: number): string {
  return new Date(Date.now() - minutes * MINUTE).toISOString();
}

const YOU: SamplePerson = { id: 'me', firstName: '', lastName: '', profileImageUrl: null };

export const SAMPLE_FRIENDS: SampleFriend[] = [
  {
    id: 'f1',
    firstName: 'Amara',
    lastName: 'Okafor',
    profileImageUrl: null,
    mutualFriends: 12,
    lastActive: minutesAgo(2),
    isOnline: true,
  },
  {
    id: 'f2',
    firstName: 'Mateo',
    lastName: 'García',
    profileImageUrl: null,
    mutualFriends: 8,
    lastActive: minutesAgo(4),
    isOnline: true,
  },
  {
    id: 'f3',
    firstName: 'Priya',
    lastName: 'Raman',
    profileImageUrl: null,
    mutualFriends: 5,
    lastActive: minutesAgo(95),
    isOnline: false,
  },
  {
    id: 'f4',
    firstName: 'Hiroshi',
    lastName: 'Tanaka',
    profileImageUrl: null,
    mutualFriends: 3,
    lastActive: minutesAgo(60 * 26),
    isOnline: false,
  },
  {
    id: 'f5',
    firstName: 'Fatima',
    lastName: 'Al-Sayed',
    profileImageUrl: null,
    mutualFriends: 9,
    lastActive: minutesAgo(1),
    isOnline: true,
  },
  {
    id: 'f6',
    firstName: 'Lucas',
    lastName: 'Oliveira',
    profileImageUrl: null,
    mutualFriends: 2,
    lastActive: minutesAgo(60 * 24 * 3),
    isOnline: false,
  },
];

export const SAMPLE_FRIEND_REQUESTS: SampleFriendRequest[] = [
  {
    id: 'r1',
    requester: { id: 'p7', firstName: 'Mei', lastName: 'Chen', profileImageUrl: null },
    addressee: YOU,
    status: 'pending',
    createdAt: minutesAgo(45),
    mutualFriends: 4,
  },
  {
    id: 'r2',
    requester: { id: 'p8', firstName: 'Kwame', lastName: 'Mensah', profileImageUrl: null },
    addressee: YOU,
    status: 'pending',
    createdAt: minutesAgo(60 * 30),
    mutualFriends: 1,
  },
];

export const SAMPLE_SUGGESTIONS: SampleSuggestion[] = [
  { id: 's1', firstName: 'Sofia', lastName: 'Rossi', profileImageUrl: null, mutualFriends: 6, reason: 'sameEvent' },
  { id: 's2', firstName: 'Ji-woo', lastName: 'Park', profileImageUrl: null, mutualFriends: 3, reason: 'nearby' },
  {
    id: 's3',
    firstName: 'Lars',
    lastName: 'Eriksson',
    profileImageUrl: null,
    mutualFriends: 0,
    reason: 'sharedInterest',
  },
  { id: 's4', firstName: 'Aisha', lastName: 'Bello', profileImageUrl: null, mutualFriends: 7, reason: 'mutualFriends' },
];
