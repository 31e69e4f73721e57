import { createServer } from 'node:http';
import pg from 'pg';

/**
 * The floor: the event list's first page as the least an app could do to answer it. node:http and ONE
 * SQL statement that builds the JSON array inside PostgreSQL with json_agg, passed through as text; no
 * session, no validation, no compression, no cache. The viewer (whose RSVP status each event shows) and
 * the category come from the query, so a run asks it as many different pages as it asks the app.
 * Arguments: port, database URL.
 */
const [port, url] = process.argv.slice(2);
// The same pool size as the app's (server/db/client.ts).
const pool = new pg.Pool({ connectionString: url, max: 10 });
/**
 * Two texts, with and without a category: a condition like `$2 IS NULL OR category_id = $2` would keep
 * PostgreSQL off the date index.
 */
const textOf = (hasCategory) => `
  WITH page AS (
    SELECT id FROM events
    WHERE is_test = false AND status = 'scheduled' AND date > now() ${hasCategory ? 'AND category_id = $2::int' : ''}
    ORDER BY date, id LIMIT 50)
  SELECT coalesce(json_agg(json_build_object(
    'id', e.id, 'title', e.title, 'description', e.description, 'location', e.location, 'date', e.date, 'imageUrl', e.image_url,
    'images', ARRAY(SELECT '/api/images/' || p.id FROM event_photos p WHERE p.event_id = e.id ORDER BY p.position),
    'categoryId', e.category_id, 'category', json_build_object('id', c.id, 'name', c.name, 'color', c.color, 'icon', c.icon),
    'organizerId', e.organizer_id,
    'organizer', json_build_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', NULL, 'profileImageUrl', u.profile_image_url),
    'rsvpCount', e.rsvp_count, 'maxAttendees', e.max_attendees,
    'averageRating', CASE WHEN e.rating_count > 0 THEN e.rating_sum::float8 / e.rating_count ELSE 0 END, 'ratingCount', e.rating_count,
    'userRsvpStatus', r.status, 'createdAt', e.created_at, 'updatedAt', e.updated_at, 'status', e.status, 'cancelReason', e.cancel_reason,
    'durationMinutes', e.duration_minutes,
    'waitlistCount', (SELECT count(*) FROM waitlist_entries w WHERE w.event_id = e.id),
    'userWaitlistPosition', (SELECT nullif(count(*), 0) FROM waitlist_entries w JOIN waitlist_entries mine ON mine.event_id = w.event_id AND mine.user_id = $1::text
      WHERE w.event_id = e.id AND w.id <= mine.id)
  ) ORDER BY e.date, e.id), '[]')::text
  FROM page JOIN events e ON e.id = page.id JOIN categories c ON c.id = e.category_id JOIN users u ON u.id = e.organizer_id
  LEFT JOIN rsvps r ON r.event_id = e.id AND r.user_id = $1::text`;

/**
 * The floor of GET /api/my-rsvps?include=past&limit=12, the page My Events opens with: the viewer's
 * upcoming RSVPs soonest first, then the past ones newest first, the same event shape as textOf's.
 */
const myRsvpsText = textOf(false)
  .replace(
    /WITH page AS \(([\s\S]*?)LIMIT 50\)/,
    // A function: in a replacement text `$1` would mean the match's first group.
    () => `WITH page AS (
    SELECT id, part, position FROM (
      (SELECT e.id, 0 AS part, row_number() OVER (ORDER BY e.date, e.id) AS position FROM rsvps r JOIN events e ON e.id = r.event_id
        WHERE r.user_id = $1::text AND e.date > now() ORDER BY e.date, e.id LIMIT 12)
      UNION ALL
      (SELECT e.id, 1 AS part, row_number() OVER (ORDER BY e.date DESC, e.id DESC) AS position FROM rsvps r JOIN events e ON e.id = r.event_id
        WHERE r.user_id = $1::text AND e.date <= now() ORDER BY e.date DESC, e.id DESC LIMIT 12)) both_parts
    ORDER BY part, position LIMIT 12)`,
  )
  .replace("ORDER BY e.date, e.id), '[]')", "ORDER BY page.part, page.position), '[]')");
if (myRsvpsText === textOf(false)) throw new Error('the my-rsvps floor text was not made');

/**
 * The browsing mix's other requests, each the least one statement could do: one event by id, a text
 * search through the same text index (its words already folded by the bench, as the app folds them),
 * a place through the same trigram index, and a later page of the list from the app's own cursor.
 */
const listOf = (condition) =>
  textOf(false).replace(
    "AND status = 'scheduled' AND date > now()",
    `AND status = 'scheduled' AND date > now() AND ${condition}`,
  );
// Ordered by an expression, as the app orders a rare word's search, so the planner takes the text index.
const searchText = listOf("search_vector @@ to_tsquery('simple', $2::text)").replace(
  'ORDER BY date, id LIMIT 50',
  "ORDER BY date + interval '0 seconds', id LIMIT 50",
);
const locationText = listOf("lower(location) LIKE lower('%' || $2::text || '%')");
const laterPageText = listOf('(date, id) > ($2::timestamptz, $3::int)');
const eventText = textOf(false).replace(
  /WITH page AS \(([\s\S]*?)LIMIT 50\)/,
  () => 'WITH page AS (SELECT $2::int AS id)',
);
if (!searchText.includes("interval '0 seconds'")) throw new Error('the search floor text was not made');
for (const text of [searchText, locationText, laterPageText, eventText])
  if (text === textOf(false)) throw new Error('a floor text was not made');

/** The statement and values that answer one request, by its path. */
function queryOf(requestUrl) {
  const query = requestUrl.searchParams;
  const viewer = query.get('viewer') ?? '';
  switch (requestUrl.pathname) {
    case '/my-rsvps':
      return { text: myRsvpsText, values: [viewer] };
    case '/event':
      return { text: eventText, values: [viewer, Number(query.get('id'))] };
    case '/search':
      return { text: searchText, values: [viewer, query.get('q') ?? ''] };
    case '/location':
      return { text: locationText, values: [viewer, query.get('q') ?? ''] };
    case '/later': {
      const cursor = JSON.parse(Buffer.from(query.get('cursor') ?? '', 'base64url').toString('utf8'));
      return { text: laterPageText, values: [viewer, cursor.d, cursor.i] };
    }
    default: {
      const category = query.get('category');
      return category === null
        ? { text: textOf(false), values: [viewer] }
        : { text: textOf(true), values: [viewer, Number(category)] };
    }
  }
}

createServer((request, response) => {
  const { text, values } = queryOf(new URL(request.url ?? '/', 'http://floor'));
  pool.query({ text, values, rowMode: 'array' }).then(
    (result) => {
      // One event's page answers the object itself, as GET /api/events/{id} does.
      const rows = result.rows[0][0];
      const body = text === eventText ? rows.slice(1, -1) : rows;
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    },
    (error) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    },
  );
}).listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
