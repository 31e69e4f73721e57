/**
 * The signed-in routes as data: which screen each address shows and which translation files
 * that screen reads on its first render. routes.tsx turns it into lazy React routes; vite.config.ts
 * reads it at build time to write, per route, the chunks the server hints in the page it sends
 * (server/plugins/web.ts), so a signed-in screen's scripts start with the HTML instead of one round
 * trip after another. It must stay free of React and browser APIs for that reason.
 *
 * `page` is a file under web/features without its extension, and must export the screen as DEFAULT.
 * Order matters only for overlapping patterns; paths not listed fall through to the not-found page.
 */
export interface RouteEntry {
  path: string;
  page: string;
  namespaces: readonly string[];
  /**
   * GET calls whose answers the server puts in the page (`:name` filled from the path), so the page's
   * HTML shows them and the app starts with them: only for a screen whose largest paint needs the data.
   */
  queries?: readonly string[];
}

/** What the signed-in chrome fetches on every screen (the test panels' switch). */
export const SHELL_QUERIES = ['/api/config'] as const;

const EVENT_SCREENS = ['events', 'event-detail'] as const;

export const ROUTE_TABLE: readonly RouteEntry[] = [
  {
    path: '/',
    page: 'events/discover/home-page',
    namespaces: EVENT_SCREENS,
    queries: ['/api/stats/public', '/api/preferences'],
  }, // Home
  { path: '/welcome', page: 'events/welcome/welcome-page', namespaces: ['events', 'onboarding'] }, // First-run questions
  { path: '/discover', page: 'events/discover/discover-page', namespaces: EVENT_SCREENS }, // Event discovery
  { path: '/events', page: 'events/discover/discover-page', namespaces: EVENT_SCREENS }, // Event discovery (same page as /discover)
  {
    path: '/events/:id',
    page: 'events/event-page/event-detail-page',
    namespaces: [...EVENT_SCREENS, 'share', 'reviews'],
    queries: ['/api/events/:id'],
  }, // Event detail
  // The organizer's door, its kiosk (/kiosk) and the kiosk QR code's self check-in (/self): one route, so
  // the route table every signed-in screen loads does not grow (each mode is a chunk of its own).
  { path: '/events/:id/check-in/:mode?', page: 'check-in/check-in-page', namespaces: ['check-in'] },
  { path: '/my-events', page: 'events/my-events/my-events-page', namespaces: EVENT_SCREENS }, // My events dashboard
  { path: '/messages', page: 'messages/messages-page', namespaces: ['messages'] }, // Messages
  // Friends, requests, suggestions, and a person's page at /friends/{id}: one route, so a person's page
  // costs the route table nothing (every signed-in first load carries it).
  { path: '/friends/:id?', page: 'friends/friends-page', namespaces: ['friends'] },
  { path: '/groups', page: 'groups/groups-page', namespaces: ['groups'] }, // Groups: one's organizations, others to find
  // Chat list and thread (/chat and /chat/{id}) as ONE route with an optional id, so opening a
  // conversation keeps the page mounted (list scroll and search survive) instead of remounting it.
  { path: '/chat/:id?', page: 'chat/chat-page', namespaces: ['chat'] }, // Chat
  { path: '/profile', page: 'profile/profile-page', namespaces: ['profile'] }, // Profile
  { path: '/journey', page: 'journey/journey-page', namespaces: ['journey'] }, // Volunteer Journey
  { path: '/settings', page: 'settings/settings-page', namespaces: ['settings'] }, // Account settings
  { path: '/notifications', page: 'notifications/notifications-page', namespaces: ['notifications', 'journey'] }, // Every notification
  {
    path: '/o/:slug/:section?',
    page: 'organizations/organizations-page',
    namespaces: ['organizations'],
    queries: ['/api/organizations/:slug'],
  }, // An organization (guests too), its members
  { path: '/organizations/:section', page: 'organizations/organizations-page', namespaces: ['organizations'] }, // New, an invitation's link
  // Its texts load with its screen (queue-page.tsx): the shortest entry, as every route carries the table.
  { path: '/moderation', page: 'moderation/queue-page', namespaces: [] }, // The moderators' queue and log
];
