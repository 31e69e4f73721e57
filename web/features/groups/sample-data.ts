/**
 * SAMPLE DATA (Groups): there is no groups API; these groups are examples and the page
 * says so with a visible 'Sample data' note. A group's name, description and recent activity are
 * written in the locale files (`groups:sample.<id>.*`) so that every visible text is translated;
 * creators are people's names and stay as written.
 */

type GroupRole = 'member' | 'admin';

/** A group (sample data). */
export interface SampleGroup {
  id: string;
  memberCount: number;
  isPublic: boolean;
  creator: { id: string; firstName: string; lastName: string };
  isUserMember: boolean;
  userRole: GroupRole | null;
  /** Which tab lists it. */
  list: 'mine' | 'discover' | 'suggested';
}

export const SAMPLE_GROUPS: SampleGroup[] = [
  {
    id: 'riverside',
    memberCount: 248,
    isPublic: true,
    creator: { id: 'u1', firstName: 'Amara', lastName: 'Okafor' },
    isUserMember: true,
    userRole: 'admin',
    list: 'mine',
  },
  {
    id: 'foodBank',
    memberCount: 1532,
    isPublic: true,
    creator: { id: 'u2', firstName: 'Mateo', lastName: 'García' },
    isUserMember: true,
    userRole: 'member',
    list: 'mine',
  },
  {
    id: 'techHelpers',
    memberCount: 36,
    isPublic: false,
    creator: { id: 'u3', firstName: 'Priya', lastName: 'Raman' },
    isUserMember: true,
    userRole: 'admin',
    list: 'mine',
  },
  {
    id: 'garden',
    memberCount: 412,
    isPublic: true,
    creator: { id: 'u4', firstName: 'Kwame', lastName: 'Mensah' },
    isUserMember: false,
    userRole: null,
    list: 'discover',
  },
  {
    id: 'shelter',
    memberCount: 689,
    isPublic: true,
    creator: { id: 'u5', firstName: 'Sofia', lastName: 'Rossi' },
    isUserMember: false,
    userRole: null,
    list: 'discover',
  },
  {
    id: 'tutors',
    memberCount: 57,
    isPublic: false,
    creator: { id: 'u6', firstName: 'Hiroshi', lastName: 'Tanaka' },
    isUserMember: false,
    userRole: null,
    list: 'discover',
  },
  {
    id: 'coast',
    memberCount: 903,
    isPublic: true,
    creator: { id: 'u7', firstName: 'Lucas', lastName: 'Oliveira' },
    isUserMember: false,
    userRole: null,
    list: 'suggested',
  },
  {
    id: 'relief',
    memberCount: 128,
    isPublic: false,
    creator: { id: 'u8', firstName: 'Fatima', lastName: 'Al-Sayed' },
    isUserMember: false,
    userRole: null,
    list: 'suggested',
  },
];
