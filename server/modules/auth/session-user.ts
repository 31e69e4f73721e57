import type { UserRow } from './auth.repository';

/**
 * The signed-in person as the session plugin resolves them from the cookie. In a file of its own so that the
 * modules and plugins that read it (moderation, the session and ETag plugins) import no service for a type:
 * moderation.service reading it from auth.service closed the cycle auth.service → messages.service →
 * moderation.service → auth.service (scripts/check-import-cycles.mjs counts type imports too).
 */
export type SessionUser = UserRow;
