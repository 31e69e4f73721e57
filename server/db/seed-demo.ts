import { randomBytes, randomUUID } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { searchTextOf } from '../lib/search-text';
import { hashPassword } from '../modules/auth/password';
import { refreshAchievementProgress } from '../modules/journey/achievement-progress';
import { CATEGORY_CATALOGUE } from './catalogue';
import type { Database, Executor } from './client';
import {
  categories,
  eventChanges,
  eventPhotos,
  photoFiles,
  events,
  friendships,
  messages,
  organizationFollows,
  organizationMembers,
  organizations,
  moderators,
  ratings,
  reports,
  eventSeries,
  rsvps,
  slotSignups,
  slots,
  slotWaitlistEntries,
  users,
  waitlistEntries,
} from './schema';

export const DEMO_EMAIL = 'demo@pitchin.app';
export const DEMO_PASSWORD = 'pitchin-demo';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Deterministic, so every fresh demo database tells the same story (mulberry32). */
function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    integer: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let index = copy.length - 1; index > 0; index -= 1) {
        const other = Math.floor(next() * (index + 1));
        [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
      }
      return copy;
    },
  };
}

const PEOPLE: ReadonlyArray<{ firstName: string; lastName: string; email: string }> = [
  { firstName: 'Jordan', lastName: 'Rivera', email: DEMO_EMAIL },
  { firstName: 'Maria', lastName: 'Lopez', email: 'maria.lopez@demo.pitchin.app' },
  { firstName: 'Kenji', lastName: 'Tanaka', email: 'kenji.tanaka@demo.pitchin.app' },
  { firstName: 'Aisha', lastName: 'Bello', email: 'aisha.bello@demo.pitchin.app' },
  { firstName: 'Lukas', lastName: 'Schneider', email: 'lukas.schneider@demo.pitchin.app' },
  { firstName: 'Priya', lastName: 'Nair', email: 'priya.nair@demo.pitchin.app' },
  { firstName: 'Tom', lastName: "O'Brien", email: 'tom.obrien@demo.pitchin.app' },
  { firstName: 'Sofia', lastName: 'Rossi', email: 'sofia.rossi@demo.pitchin.app' },
  { firstName: 'Mateo', lastName: 'García', email: 'mateo.garcia@demo.pitchin.app' },
  { firstName: 'Emma', lastName: 'Dubois', email: 'emma.dubois@demo.pitchin.app' },
  { firstName: 'Noah', lastName: 'Williams', email: 'noah.williams@demo.pitchin.app' },
  { firstName: 'Chloé', lastName: 'Martin', email: 'chloe.martin@demo.pitchin.app' },
  { firstName: 'Oliver', lastName: 'Smith', email: 'oliver.smith@demo.pitchin.app' },
  { firstName: 'Fatima', lastName: 'Haddad', email: 'fatima.haddad@demo.pitchin.app' },
  { firstName: 'Liam', lastName: 'Murphy', email: 'liam.murphy@demo.pitchin.app' },
  { firstName: 'Hannah', lastName: 'Kim', email: 'hannah.kim@demo.pitchin.app' },
];

/** Coordinates are the city's, from the bundled world-cities list the place picker offers (GeoNames). */
type EventTemplate = { title: string; description: string; location: string; latitude: number; longitude: number };

/** Four per category, in CATEGORY_CATALOGUE order: slots 0–1 are in the past, 2–3 upcoming. */
const EVENT_TEMPLATES: Record<
  (typeof CATEGORY_CATALOGUE)[number]['name'],
  [EventTemplate, EventTemplate, EventTemplate, EventTemplate]
> = {
  Cleanup: [
    {
      title: 'Ocean Beach Morning Cleanup',
      description:
        'Join neighbours to clear plastic and litter from the shoreline before the weekend crowds. Gloves, bags and grabbers provided; bring water and sunscreen.',
      location: 'Ocean Beach, San Francisco, CA',
      latitude: 37.77493,
      longitude: -122.41942,
    },
    {
      title: 'River Liffey Quayside Litter Pick',
      description:
        'A two-hour litter pick along the quays. We sort what we collect for recycling and log it for the city council survey.',
      location: 'Ormond Quay, Dublin',
      latitude: 53.33306,
      longitude: -6.24889,
    },
    {
      title: 'Riverside Park Spring Sweep',
      description:
        'Help us get the park ready for spring: raking, litter picking and clearing the footpaths. Families welcome, kids activities included.',
      location: 'Riverside Park, New York, NY',
      latitude: 40.71427,
      longitude: -74.00597,
    },
    {
      title: 'Graffiti Removal on Canal Street',
      description:
        'Paint over tags and scrub the underpass walls with the neighbourhood association. Old clothes recommended, all materials supplied.',
      location: 'Canal Street, Manchester',
      latitude: 53.48095,
      longitude: -2.23743,
    },
  ],
  'Food Distribution': [
    {
      title: 'Community Fridge Restock',
      description:
        'Collect surplus produce from local grocers and restock the three community fridges in the district. A car or cargo bike is a plus.',
      location: 'Kreuzberg, Berlin',
      latitude: 52.52437,
      longitude: 13.41053,
    },
    {
      title: 'Thanksgiving Meal Packing',
      description:
        'Pack 500 holiday meal boxes for families in need. Assembly-line work, upbeat music and coffee on the house.',
      location: 'Austin Food Bank, Austin, TX',
      latitude: 30.26715,
      longitude: -97.74306,
    },
    {
      title: 'Saturday Food Bank Sorting',
      description: 'Sort and date-check donated tins and dry goods so they can go out to partner charities next week.',
      location: 'Greater Vancouver Food Bank, Vancouver, BC',
      latitude: 49.24966,
      longitude: -123.11934,
    },
    {
      title: 'Soup Kitchen Lunch Service',
      description:
        'Prepare and serve a hot lunch for around 120 guests. Food-safety briefing at the start; aprons and hairnets provided.',
      location: 'Mission District, San Francisco, CA',
      latitude: 37.77493,
      longitude: -122.41942,
    },
  ],
  'Elderly Help': [
    {
      title: 'Tech Help Afternoon for Seniors',
      description:
        'Sit with older residents and help them with phones, tablets, video calls and online banking safety. Patience is the only requirement.',
      location: 'Carnegie Library, Pittsburgh, PA',
      latitude: 40.44062,
      longitude: -79.99589,
    },
    {
      title: 'Garden Tidy-Up for Elderly Neighbours',
      description:
        'Small teams visit homes of elderly neighbours to weed, mow and prune. Tools provided; we finish with tea together.',
      location: 'Headingley, Leeds',
      latitude: 53.79648,
      longitude: -1.54785,
    },
    {
      title: 'Bingo and Board Games at Maple House',
      description:
        'Host an afternoon of bingo, cards and board games with residents of Maple House care home. Conversation counts as much as the games.',
      location: 'Maple House, Toronto, ON',
      latitude: 43.70011,
      longitude: -79.4163,
    },
    {
      title: 'Grocery Delivery Round',
      description:
        'Pick up pre-ordered groceries and deliver them to housebound seniors in the neighbourhood. Routes take about two hours.',
      location: 'Fitzroy, Melbourne',
      latitude: -37.814,
      longitude: 144.96332,
    },
  ],
  Education: [
    {
      title: 'Homework Club Tutors Needed',
      description:
        'Support primary school pupils with reading and maths after school. No teaching background needed, just enthusiasm.',
      location: 'Southside Library, Chicago, IL',
      latitude: 41.85003,
      longitude: -87.65005,
    },
    {
      title: 'Adult Literacy Evening',
      description:
        'One-to-one reading practice with adult learners. A short training session is included for first-time volunteers.',
      location: 'Central Library, Birmingham',
      latitude: 52.48142,
      longitude: -1.89983,
    },
    {
      title: 'Science Fair Judging',
      description:
        'Judge projects at the middle-school science fair and give encouraging feedback to young scientists.',
      location: 'Lincoln Middle School, Denver, CO',
      latitude: 39.73915,
      longitude: -104.9847,
    },
    {
      title: 'Language Café for Newcomers',
      description:
        'Practise everyday conversation with newly arrived families over coffee. Any language skills welcome.',
      location: 'Gràcia, Barcelona',
      latitude: 41.38879,
      longitude: 2.15899,
    },
  ],
  'Community Building': [
    {
      title: 'Neighbourhood Block Party Setup',
      description:
        'Set up tables, bunting and the sound system for the annual block party, then enjoy the afternoon with your neighbours.',
      location: 'Alberta Arts District, Portland, OR',
      latitude: 45.52345,
      longitude: -122.67621,
    },
    {
      title: 'Community Garden Build Day',
      description:
        'Build raised beds and a tool shed for the new community garden. Carpentry experience welcome but not required.',
      location: 'Capitol Hill, Seattle, WA',
      latitude: 47.60621,
      longitude: -122.33207,
    },
    {
      title: 'Welcome Picnic for New Residents',
      description:
        'Help run a picnic that introduces new residents to local groups, services and each other. Games, food and good company.',
      location: 'Stanley Park, Vancouver, BC',
      latitude: 49.24966,
      longitude: -123.11934,
    },
    {
      title: 'Little Free Library Build',
      description:
        'Assemble and paint five little free libraries to install around the neighbourhood, and stock them with donated books.',
      location: 'Plateau Mont-Royal, Montréal, QC',
      latitude: 45.50884,
      longitude: -73.58781,
    },
  ],
  Environmental: [
    {
      title: 'Urban Tree Planting',
      description:
        'Plant 150 native saplings along the greenway with the city forestry team. Spades and gloves supplied.',
      location: 'Greenway Trail, Atlanta, GA',
      latitude: 33.749,
      longitude: -84.38798,
    },
    {
      title: 'Wetland Restoration Workday',
      description:
        'Remove invasive species and replant native reeds at the wetland reserve. Waterproof boots strongly recommended.',
      location: 'Rainham Marshes, London',
      latitude: 51.50853,
      longitude: -0.12574,
    },
    {
      title: 'Bee Hotel Building Workshop',
      description: 'Build bee hotels from reclaimed wood and bamboo for the city allotments. All ages welcome.',
      location: 'Vondelpark, Amsterdam',
      latitude: 52.37403,
      longitude: 4.88969,
    },
    {
      title: 'Dune Grass Replanting',
      description: 'Replant marram grass to protect the dunes from erosion. Transport from the station is arranged.',
      location: 'Bondi Beach, Sydney',
      latitude: -33.86785,
      longitude: 151.20732,
    },
  ],
  Healthcare: [
    {
      title: 'Blood Drive Welcome Desk',
      description: 'Greet donors, hand out snacks and keep the queue moving at the community blood drive.',
      location: 'Civic Centre, Brighton',
      latitude: 50.82838,
      longitude: -0.13947,
    },
    {
      title: 'Health Fair Registration Volunteers',
      description: 'Register visitors and guide them to free screenings at the neighbourhood health fair.',
      location: 'Fair Park, Dallas, TX',
      latitude: 32.78306,
      longitude: -96.80667,
    },
    {
      title: 'First Aid Skills for Volunteers',
      description: 'A hands-on first aid session run by paramedics for people who volunteer at community events.',
      location: 'St John Ambulance Hall, Edinburgh',
      latitude: 55.95206,
      longitude: -3.19648,
    },
    {
      title: 'Hospital Garden Refresh',
      description: 'Weed, plant and repaint benches in the hospital healing garden used by patients and families.',
      location: "St. Michael's Hospital, Toronto, ON",
      latitude: 43.70011,
      longitude: -79.4163,
    },
  ],
  'Animal Welfare': [
    {
      title: 'Shelter Dog Walking Morning',
      description: 'Walk and socialise dogs waiting for adoption. A short safety briefing is given on arrival.',
      location: 'Battersea, London',
      latitude: 51.50853,
      longitude: -0.12574,
    },
    {
      title: 'Cat Café Adoption Day',
      description: 'Help run an adoption day: greet visitors, answer questions and keep the cats happy.',
      location: 'Le Marais, Paris',
      latitude: 48.85341,
      longitude: 2.3488,
    },
    {
      title: 'Animal Shelter Spring Clean',
      description: 'Deep-clean kennels, wash bedding and sort donated supplies at the shelter.',
      location: 'Humane Society, Boulder, CO',
      latitude: 40.01499,
      longitude: -105.27055,
    },
    {
      title: 'Wildlife Rescue Fundraiser Stall',
      description: 'Staff a stall at the farmers market selling crafts to fund the wildlife rescue centre.',
      location: 'Farmers Market, Asheville, NC',
      latitude: 35.60095,
      longitude: -82.55402,
    },
  ],
  'Disaster Relief': [
    {
      title: 'Flood Relief Supply Packing',
      description: 'Pack hygiene kits and emergency supplies for households affected by the spring floods.',
      location: 'Red Cross Depot, Cologne',
      latitude: 50.93333,
      longitude: 6.95,
    },
    {
      title: 'Emergency Shelter Setup Drill',
      description:
        'Practise setting up cots, signage and registration for an emergency shelter with the county response team.',
      location: 'Convention Center, Houston, TX',
      latitude: 29.76328,
      longitude: -95.36327,
    },
    {
      title: 'Wildfire Recovery Sorting',
      description: 'Sort donated clothes and household goods for families rebuilding after the wildfires.',
      location: 'Community Hall, Kelowna, BC',
      latitude: 49.88307,
      longitude: -119.48568,
    },
    {
      title: 'Preparedness Kit Workshop',
      description: 'Help residents assemble their own 72-hour emergency kits and make a family plan.',
      location: 'Public Library, Christchurch',
      latitude: -43.53333,
      longitude: 172.63333,
    },
  ],
  'Sports & Recreation': [
    {
      title: 'Charity 5K Water Station',
      description: 'Hand out water and cheer runners at kilometre three of the charity 5K.',
      location: 'Golden Gate Park, San Francisco, CA',
      latitude: 37.77493,
      longitude: -122.41942,
    },
    {
      title: 'Youth Football Coaching Clinic',
      description:
        'Assist coaches at a free football clinic for children aged 8 to 12. Trainers and a whistle are all you need.',
      location: 'Hackney Marshes, London',
      latitude: 51.50853,
      longitude: -0.12574,
    },
    {
      title: 'Adaptive Sports Day',
      description:
        'Support athletes with disabilities at a day of wheelchair basketball, boccia and sitting volleyball.',
      location: 'Olympic Park, Munich',
      latitude: 48.13743,
      longitude: 11.57549,
    },
    {
      title: 'Trail Maintenance Hike',
      description: 'Clear branches and repair drainage on the ridge trail, then enjoy the view from the top.',
      location: 'Mount Tamalpais, Mill Valley, CA',
      latitude: 37.90604,
      longitude: -122.54498,
    },
  ],
  'Arts & Culture': [
    {
      title: 'Mural Painting Day',
      description:
        'Help local artists paint a community mural on the library wall. No artistic skill required, just a steady hand.',
      location: 'Wynwood, Miami, FL',
      latitude: 25.77427,
      longitude: -80.19366,
    },
    {
      title: 'Museum Family Day Guides',
      description: 'Guide families through hands-on activities during the museum family day.',
      location: 'Museu Nacional de Arte Antiga, Lisbon',
      latitude: 38.71667,
      longitude: -9.13333,
    },
    {
      title: 'Street Music Festival Stewards',
      description: 'Steward the stages at the street music festival: wayfinding, water and a friendly face.',
      location: 'Temple Bar, Dublin',
      latitude: 53.33306,
      longitude: -6.24889,
    },
    {
      title: 'Community Theatre Set Building',
      description: 'Build and paint sets for the autumn community theatre production.',
      location: 'Old Town, Prague',
      latitude: 50.08804,
      longitude: 14.42076,
    },
  ],
  Technology: [
    {
      title: 'Laptop Refurbishing Workshop',
      description: 'Wipe, repair and install free software on donated laptops for students who need one.',
      location: 'Maker Space, Oakland, CA',
      latitude: 37.80437,
      longitude: -122.2708,
    },
    {
      title: 'Coding Club for Teens',
      description: 'Mentor teenagers building their first websites and games. Any programming background helps.',
      location: 'Tech Hub, Nairobi',
      latitude: -1.28333,
      longitude: 36.81667,
    },
    {
      title: 'Digital Skills Drop-In',
      description: 'Help job seekers with CVs, e-mail and online applications at the weekly drop-in.',
      location: 'Jobcentre, Glasgow',
      latitude: 55.86515,
      longitude: -4.25763,
    },
    {
      title: 'Open Data Hack Night',
      description: 'Build small tools with the city open data to help local nonprofits. Pizza provided.',
      location: 'Civic Lab, Helsinki',
      latitude: 60.16952,
      longitude: 24.93545,
    },
  ],
};

const COMMENTS: Record<number, readonly string[]> = {
  5: [
    'Brilliantly organized, and everyone felt welcome from the first minute.',
    'One of the best mornings I have had in a long time. Count me in next time!',
    'Great team, clear instructions and a real sense of achievement at the end.',
    'Loved it. The organizer thought of everything, even snacks.',
  ],
  4: [
    'Really good event, it just started a little late.',
    'Well run and worthwhile. More tools would have helped.',
    'Friendly people and a good cause. Would do it again.',
  ],
  3: [
    'Good idea, but we were a few hands short for the size of the job.',
    'Nice people, although the meeting point was hard to find.',
  ],
};

const PALETTES: Record<string, [string, string]> = {
  green: ['#6ee7b7', '#047857'],
  orange: ['#fed7aa', '#ea580c'],
  pink: ['#fbcfe8', '#db2777'],
  blue: ['#bfdbfe', '#1d4ed8'],
  purple: ['#ddd6fe', '#6d28d9'],
  red: ['#fecaca', '#b91c1c'],
  indigo: ['#c7d2fe', '#4338ca'],
};

const PHOTO_WIDTH = 800;
const PHOTO_HEIGHT = 450;

/** A soft gradient landscape with sun and hills: pleasant, recognisably per category, a few KB as WebP. */
async function drawPhoto(color: string, variant: number) {
  const [light, dark] = PALETTES[color] ?? PALETTES.blue!;
  const sunX = 140 + ((variant * 173) % 520);
  const ridge = 250 + ((variant * 37) % 60);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${PHOTO_WIDTH}" height="${PHOTO_HEIGHT}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="${variant % 2}" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
    <radialGradient id="sun"><stop offset="0" stop-color="#fff" stop-opacity="0.9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="110" r="90" fill="url(#sun)"/>
  <circle cx="${sunX}" cy="110" r="38" fill="#fff" fill-opacity="0.85"/>
  <path d="M0 ${ridge} Q200 ${ridge - 70} 400 ${ridge} T800 ${ridge - 20} V450 H0Z" fill="#fff" fill-opacity="0.22"/>
  <path d="M0 ${ridge + 60} Q250 ${ridge + 10} 500 ${ridge + 70} T800 ${ridge + 40} V450 H0Z" fill="${dark}" fill-opacity="0.55"/>
  <path d="M0 ${ridge + 120} Q300 ${ridge + 80} 800 ${ridge + 130} V450 H0Z" fill="${dark}" fill-opacity="0.8"/>
</svg>`;
  // Loaded here rather than with the server: libvips is about 7 MB of resident memory that a server
  // which never receives a photo need not hold (the 200 MB memory target).
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten()
    .webp({ quality: 72 })
    .toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
}

async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: count() }).from(users);
  return (row?.count ?? 0) === 0;
}

/**
 * Fills an empty database with a believable community. Everything goes in one
 * transaction, so a failed start leaves the database empty and the next start tries again.
 */
export async function seedDemoDataIfEmpty(db: Database, now: Date = new Date()): Promise<{ seeded: boolean }> {
  if (!(await isEmpty(db))) return { seeded: false };
  const random = createRandom(20_260_401);
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());

  // Hashing runs on the libuv pool, so it overlaps the photo drawing below.
  const passwordHashPromise = hashPassword(DEMO_PASSWORD);
  const people = PEOPLE.map((person, index) => ({
    id: randomUUID(),
    email: person.email,
    // Every demo account shares the demo password, so testers can sign in as anyone in a conversation.
    passwordHash: '',
    firstName: person.firstName,
    lastName: person.lastName,
    createdAt: new Date(today - (120 - index * 3) * DAY_MS),
    // Their addresses are the demo's own (example.org): verified, so testers can share and invite from them.
    emailVerifiedAt: new Date(today - (120 - index * 3) * DAY_MS),
  }));
  const demo = people[0]!;
  const others = people.slice(1);

  const categoryRows = await db.select().from(categories);
  const categoryByName = new Map(categoryRows.map((row) => [row.name, row]));

  type PlannedEvent = EventTemplate & {
    categoryId: number;
    categoryName: string;
    color: string;
    date: Date;
    organizerId: string;
    maxAttendees: number | null;
    isFull: boolean;
    isPast: boolean;
    photoCount: number;
    durationMinutes: number;
  };
  const demoOrganizes = new Set([
    'Cleanup:0',
    'Education:1',
    'Environmental:0',
    'Community Building:2',
    'Technology:3',
  ]);
  const planned: PlannedEvent[] = [];
  CATEGORY_CATALOGUE.forEach((category, categoryIndex) => {
    const row = categoryByName.get(category.name);
    if (!row) throw new Error(`category ${category.name} is missing; run the migrations first`);
    EVENT_TEMPLATES[category.name].forEach((template, slot) => {
      const dayOffset = [
        -(4 + categoryIndex * 2),
        -(30 + categoryIndex * 3),
        2 + categoryIndex,
        16 + categoryIndex * 3,
      ][slot]!;
      const hour = 9 + ((categoryIndex + slot) % 6);
      const isFull = slot === 2 && categoryIndex % 3 === 0;
      const organizerId = demoOrganizes.has(`${category.name}:${slot}`)
        ? demo.id
        : others[(categoryIndex * 4 + slot) % others.length]!.id;
      planned.push({
        ...template,
        categoryId: row.id,
        categoryName: row.name,
        color: row.color,
        date: new Date(today + dayOffset * DAY_MS + hour * HOUR_MS),
        organizerId,
        maxAttendees: isFull
          ? random.integer(5, 8)
          : (categoryIndex + slot) % 4 === 0
            ? null
            : random.pick([15, 20, 25, 30, 40, 50]),
        isFull,
        isPast: slot < 2,
        photoCount: (categoryIndex + slot) % 3 === 0 ? (slot === 3 ? 2 : 1) : 0,
        durationMinutes: [150, 120, 180, 240][(categoryIndex + slot) % 4]!,
      });
    });
  });

  const photoJobs = planned.flatMap((event, eventIndex) =>
    Array.from({ length: event.photoCount }, (_, position) => ({ eventIndex, position, color: event.color })),
  );
  const photos = await Promise.all(photoJobs.map((job, index) => drawPhoto(job.color, index + job.position)));

  const passwordHash = await passwordHashPromise;
  for (const person of people) person.passwordHash = passwordHash;

  await db.transaction(async (tx) => {
    await tx.insert(users).values(people);
    const insertedEvents = await tx
      .insert(events)
      .values(
        planned.map((event) => ({
          title: event.title,
          description: event.description,
          location: event.location,
          latitude: event.latitude,
          longitude: event.longitude,
          date: event.date,
          categoryId: event.categoryId,
          organizerId: event.organizerId,
          maxAttendees: event.maxAttendees,
          durationMinutes: event.durationMinutes,
          searchVector: sql`to_tsvector('simple', ${searchTextOf(event)})`,
          createdAt: new Date(Math.min(event.date.getTime(), now.getTime()) - 20 * DAY_MS),
        })),
      )
      .returning({ id: events.id, title: events.title });
    const eventIdByTitle = new Map(insertedEvents.map((row) => [row.title, row.id]));
    const eventId = (event: PlannedEvent) => eventIdByTitle.get(event.title)!;

    if (photos.length > 0) {
      const photoIds = photoJobs.map(() => randomBytes(16).toString('base64url'));
      await tx.insert(photoFiles).values(photos.map((photo, index) => ({ id: photoIds[index]!, bytes: photo.bytes })));
      await tx.insert(eventPhotos).values(
        photoJobs.map((job, index) => ({
          id: photoIds[index]!,
          eventId: eventId(planned[job.eventIndex]!),
          position: job.position,
          contentType: 'image/webp',
          width: photos[index]!.width,
          height: photos[index]!.height,
          fileId: photoIds[index]!,
        })),
      );
    }

    // The demo account joins five past events in five categories and three upcoming ones.
    const demoJoins = new Set<PlannedEvent>();
    const notDemos = planned.filter((event) => event.organizerId !== demo.id);
    for (const event of notDemos
      .filter((candidate) => candidate.isPast)
      .filter((_, index) => index % 4 === 1)
      .slice(0, 5))
      demoJoins.add(event);
    for (const event of notDemos
      .filter((candidate) => !candidate.isPast && !candidate.isFull)
      .filter((_, index) => index % 5 === 2)
      .slice(0, 3))
      demoJoins.add(event);

    // Attendance is recorded for past events, with a generator of its own so the
    // ratings and capacities drawn from `random` stay what they were before attendance existed. The
    // demo account's most recent past event (within the 30-day window) is left for it to record.
    const attendanceRandom = createRandom(20_260_517);
    const leftToRecord = planned
      .filter((event) => event.isPast && event.organizerId === demo.id)
      .sort((a, b) => b.date.getTime() - a.date.getTime())[0];
    const attendedFor = (event: PlannedEvent, userId: string): boolean | null => {
      if (!event.isPast || event === leftToRecord) return null;
      return userId === demo.id || attendanceRandom.next() < 0.85;
    };
    const rsvpRows: Array<typeof rsvps.$inferInsert> = [];
    const ratingRows: Array<typeof ratings.$inferInsert> = [];
    for (const event of planned) {
      const id = eventId(event);
      const attendees: string[] = demoJoins.has(event) ? [demo.id] : [];
      const wanted = event.isFull ? event.maxAttendees! : Math.min(event.maxAttendees ?? 14, random.integer(3, 12));
      for (const person of random.shuffle(others)) {
        if (attendees.length >= wanted) break;
        if (person.id !== event.organizerId) attendees.push(person.id);
      }
      for (const userId of attendees) {
        const roll = random.next();
        const joinedAt = new Date(
          Math.min(event.date.getTime() - 2 * DAY_MS, now.getTime() - HOUR_MS) - random.integer(0, 10) * DAY_MS,
        );
        rsvpRows.push({
          eventId: id,
          userId,
          status: roll < 0.7 ? 'attending' : roll < 0.9 ? 'supporting' : 'organizing',
          attended: attendedFor(event, userId),
          createdAt: joinedAt,
          updatedAt: joinedAt,
        });
        const shouldRate = event.isPast && (userId === demo.id || random.next() < 0.65);
        if (!shouldRate) continue;
        const rating = random.pick([5, 5, 5, 4, 4, 4, 3]);
        const ratedAt = new Date(
          Math.min(event.date.getTime() + random.integer(3, 48) * HOUR_MS, now.getTime() - HOUR_MS),
        );
        ratingRows.push({
          eventId: id,
          userId,
          rating,
          comment: random.next() < 0.8 ? random.pick(COMMENTS[rating]!) : null,
          createdAt: ratedAt,
          updatedAt: ratedAt,
        });
      }
    }
    await tx.insert(rsvps).values(rsvpRows);
    await tx.insert(ratings).values(ratingRows);

    // One upcoming event the demo account joined was cancelled by its organizer, and the
    // outbox holds the record its RSVP holders will be told from (decision 0012).
    const cancelled = planned.find((event) => !event.isPast && demoJoins.has(event));
    if (cancelled) {
      const reason = 'The venue is closed for repairs that week. We will post a new date as soon as we have one.';
      await tx
        .update(events)
        .set({ status: 'cancelled', cancelReason: reason })
        .where(sql`${events.id} = ${eventId(cancelled)}`);
      await tx.insert(eventChanges).values({
        type: 'event_cancelled',
        eventId: eventId(cancelled),
        actorId: cancelled.organizerId,
        recipientIds: rsvpRows
          .filter((row) => row.eventId === eventId(cancelled) && row.userId !== cancelled.organizerId)
          .map((row) => row.userId),
        payload: { reason },
        createdAt: new Date(now.getTime() - DAY_MS),
        // Told a day ago in the story the demo tells: its mails must not go out at every fresh seed.
        processedAt: new Date(now.getTime() - DAY_MS),
      });
    }
    // The full upcoming events have queues; on the first the demo account waits second.
    const fullEvents = planned.filter((event) => !event.isPast && event.isFull && event.organizerId !== demo.id);
    const waitlistRows: Array<typeof waitlistEntries.$inferInsert> = [];
    fullEvents.slice(0, 2).forEach((event, index) => {
      const holding = new Set(rsvpRows.filter((row) => row.eventId === eventId(event)).map((row) => row.userId));
      const waiting = others
        .filter((person) => person.id !== event.organizerId && !holding.has(person.id))
        .slice(0, index === 0 ? 2 : 3);
      const queue = index === 0 ? [waiting[0]!, demo, ...waiting.slice(1)] : waiting;
      queue.forEach((person, position) =>
        waitlistRows.push({
          eventId: eventId(event),
          userId: person.id,
          createdAt: new Date(now.getTime() - (10 - position) * HOUR_MS),
        }),
      );
    });
    // One row at a time: the serial ids are the queue's order.
    for (const row of waitlistRows) await tx.insert(waitlistEntries).values(row);

    await seedOrganizations(tx, demo.id, others, (event) => eventId(event), planned, demoJoins);

    const upcomingEvents = planned
      .filter((event) => !event.isPast)
      .map((event) => ({ id: eventId(event), title: event.title }));
    await tx.insert(messages).values(planMessages(people, upcomingEvents, now));
    await seedModeration(
      tx,
      demo.id,
      others.map((person) => person.id),
      planned.filter((event) => !event.isPast).map((event) => ({ id: eventId(event), organizerId: event.organizerId })),
      now,
    );
    await tx.insert(friendships).values(planFriendships(people, now));

    await seedDayOfEvent(tx, now);

    await tx.execute(sql`
      UPDATE events SET
        rsvp_count = (SELECT count(*) FROM rsvps WHERE rsvps.event_id = events.id),
        rating_count = (SELECT count(*) FROM ratings WHERE ratings.event_id = events.id),
        rating_sum = (SELECT coalesce(sum(rating), 0) FROM ratings WHERE ratings.event_id = events.id)
    `);
    await seedWeeklySeriesWithSchedule(tx, { today, now, demoId: demo.id, organizerId: others[0]!.id, others });
    for (const person of people) await refreshAchievementProgress(tx, person.id, now);
  });
  return { seeded: true };
}

/**
 * The day of the event in the demo (decisions §19): the door's times for whoever came to a past event
 * (in a few minutes after the start, out near the end, about one place in four never checked out), so the rest of each
 * past event's holders are its no-shows; reminders already sent for the events of the next three days (the
 * demo's story has them reminded; marked sent, so a fresh seed mails nobody and the outbox's own scan
 * finds them done), and "I'm coming" pressed by most of their holders.
 */
async function seedDayOfEvent(tx: Executor, now: Date): Promise<void> {
  await tx.execute(sql`
    UPDATE rsvps r SET
      checked_in_at = e.date + ((abs(hashtext(r.user_id)) % 20) * interval '1 minute'),
      -- Per place, not per person: the people are a few dozen random ids, and when all of them drew
      -- "checked out", the demo showed nobody who forgot to (a failed CI run).
      checked_out_at = CASE WHEN abs(hashtext(r.user_id || r.event_id::text || 'out')) % 4 = 0 THEN NULL
        ELSE e.date + (greatest(e.duration_minutes - abs(hashtext(r.user_id)) % 15, abs(hashtext(r.user_id)) % 20 + 10)
          * interval '1 minute') END
    FROM events e
    WHERE e.id = r.event_id AND r.attended IS TRUE AND e.date < ${now} AND e.organizer_id <> r.user_id`);
  await tx.execute(sql`
    INSERT INTO mail_outbox (kind, dedupe_key, user_id, event_id, payload, created_at, sent_at)
    SELECT 'event_reminder', 'event_reminder:' || e.id || ':' || r.user_id || ':' || floor(extract(epoch FROM e.date))::bigint,
      r.user_id, e.id, '{}'::jsonb, ${now}::timestamptz - interval '2 hours', ${now}::timestamptz - interval '2 hours'
    FROM events e JOIN rsvps r ON r.event_id = e.id
    WHERE e.status = 'scheduled' AND e.date > ${now} AND e.date <= ${now}::timestamptz + interval '3 days'
    ON CONFLICT (dedupe_key) DO NOTHING`);
  await tx.execute(sql`
    UPDATE rsvps r SET confirmed_at = ${now}::timestamptz - ((abs(hashtext(r.user_id)) % 90) * interval '1 minute')
    FROM events e
    WHERE e.id = r.event_id AND e.status = 'scheduled' AND e.date > ${now}
      AND e.date <= ${now}::timestamptz + interval '3 days' AND e.organizer_id <> r.user_id
      AND abs(hashtext(r.user_id || e.id::text)) % 3 <> 0`);
}

type Person = { id: string; firstName: string };

/**
 * Two organizations (decisions §20): one the demo account owns, with an admin, a member and followers,
 * holding an upcoming event its admin organizes (so the demo sees the organizer tools on an event it did
 * not create); and one it follows, holding another person's upcoming event.
 */
async function seedOrganizations<Event extends { organizerId: string; isPast: boolean; isFull: boolean }>(
  tx: Executor,
  demoId: string,
  others: ReadonlyArray<{ id: string }>,
  eventIdOf: (event: Event) => number,
  planned: readonly Event[],
  demoJoins: ReadonlySet<Event>,
): Promise<void> {
  const [riverside, foodBank] = await tx
    .insert(organizations)
    .values([
      {
        slug: 'riverside-cleanup',
        name: 'Riverside Cleanup Crew',
        description:
          'Neighbours keeping the river paths and banks clean since 2019. Monthly litter picks, gloves and bags provided: bring friends.',
        website: 'https://riverside-cleanup.example.org',
      },
      {
        slug: 'northside-food-bank',
        name: 'Northside Food Bank',
        description: 'Sorting, packing and handing out food parcels every weekend for families in the north of town.',
      },
    ])
    .returning({ id: organizations.id });
  // Each organization's event is an upcoming one the demo account neither organizes nor joined, and its
  // organizer is the organization's admin (Riverside) or owner (Northside).
  const candidates = planned.filter(
    (event) => event.organizerId !== demoId && !event.isPast && !event.isFull && !demoJoins.has(event),
  );
  const riversideEvent = candidates[0]!;
  const foodBankEvent = candidates.find((event) => event.organizerId !== riversideEvent.organizerId)!;
  const admin = riversideEvent.organizerId;
  const foodBankOwner = foodBankEvent.organizerId;
  const rest = others.map((person) => person.id).filter((id) => id !== admin && id !== foodBankOwner);
  const [member, foodBankOrganizer, ...followers] = rest;
  await tx.insert(organizationMembers).values([
    { organizationId: riverside!.id, userId: demoId, role: 'owner' },
    { organizationId: riverside!.id, userId: admin, role: 'admin' },
    { organizationId: riverside!.id, userId: member!, role: 'member' },
    { organizationId: foodBank!.id, userId: foodBankOwner, role: 'owner' },
    { organizationId: foodBank!.id, userId: foodBankOrganizer!, role: 'organizer' },
  ]);
  await tx
    .insert(organizationFollows)
    .values([
      { organizationId: foodBank!.id, userId: demoId },
      ...followers.slice(0, 4).map((userId) => ({ organizationId: riverside!.id, userId })),
      ...followers.slice(2, 5).map((userId) => ({ organizationId: foodBank!.id, userId })),
    ]);
  for (const [organizationId, event] of [
    [riverside!.id, riversideEvent],
    [foodBank!.id, foodBankEvent],
  ] as const)
    await tx
      .update(events)
      .set({ organizationId })
      .where(sql`${events.id} = ${eventIdOf(event)}`);
}

/**
 * The demo account moderates the demo instance (decisions §20), and its queue holds one open report, so
 * the moderation screen shows what it is for at first sight.
 */
async function seedModeration(
  tx: Executor,
  demoId: string,
  otherIds: string[],
  upcoming: Array<{ id: number; organizerId: string }>,
  now: Date,
): Promise<void> {
  await tx.insert(moderators).values({ userId: demoId, appointedBy: null, createdAt: now });
  const reported = upcoming.find((event) => event.organizerId !== demoId);
  const reporterId = otherIds.find((id) => id !== reported?.organizerId);
  if (!reported || !reporterId) return;
  await tx.insert(reports).values({
    reporterId,
    targetType: 'event',
    targetId: String(reported.id),
    targetUserId: reported.organizerId,
    reason: 'misleading',
    details: 'The address on the page is a private house, not the park it names.',
    createdAt: new Date(now.getTime() - 3 * HOUR_MS),
  });
}

/**
 * Friendships with a past (decisions §21): the demo account has friends who share friends with it, two
 * requests waiting for its answer and one of its own waiting for Sofia's, so every tab of Friends and
 * every state of the friendship button shows at once.
 */
function planFriendships(people: Person[], now: Date): Array<typeof friendships.$inferInsert> {
  const [demo, maria, kenji, aisha, lukas, priya, tom, sofia, , emma] = people as [
    Person,
    Person,
    Person,
    Person,
    Person,
    Person,
    Person,
    Person,
    Person,
    Person,
  ];
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const accepted = (requester: Person, addressee: Person, days: number) => ({
    requesterId: requester.id,
    addresseeId: addressee.id,
    status: 'accepted' as const,
    createdAt: daysAgo(days + 1),
    acceptedAt: daysAgo(days),
  });
  const pending = (requester: Person, addressee: Person, hours: number) => ({
    requesterId: requester.id,
    addresseeId: addressee.id,
    status: 'pending' as const,
    createdAt: new Date(now.getTime() - hours * HOUR_MS),
  });
  return [
    accepted(maria, demo, 60),
    accepted(demo, kenji, 45),
    accepted(aisha, demo, 30),
    accepted(demo, lukas, 12),
    accepted(maria, kenji, 50),
    accepted(maria, aisha, 40),
    accepted(kenji, lukas, 20),
    accepted(emma, aisha, 25),
    accepted(tom, sofia, 15),
    pending(priya, demo, 5),
    pending(tom, demo, 30),
    pending(demo, sofia, 20),
  ];
}

/** Conversations with a past: the demo account's latest received messages stay unread. */
function planMessages(people: Person[], upcoming: Array<{ id: number; title: string }>, now: Date) {
  const [demo, maria, kenji, aisha, lukas, priya, tom, sofia, , emma] = people as [
    Person,
    Person,
    Person,
    Person,
    Person,
    Person,
    Person,
    Person,
    Person,
    Person,
  ];
  const idOf = (index: number) => upcoming[index % upcoming.length]!.id;
  const titleOf = (index: number) => upcoming[index % upcoming.length]!.title;
  const script: Array<{
    from: Person;
    to: Person;
    content: string;
    hoursAgo: number;
    shareIndex?: number;
    isRead?: boolean;
  }> = [
    {
      from: maria,
      to: demo,
      content: `Hi Jordan! Are you coming to "${titleOf(1)}"? We could use another pair of hands.`,
      hoursAgo: 96,
      shareIndex: 1,
      isRead: true,
    },
    { from: demo, to: maria, content: 'Count me in! Should I bring anything?', hoursAgo: 95 },
    { from: maria, to: demo, content: 'Just gloves and a water bottle. See you there!', hoursAgo: 94, isRead: true },
    { from: demo, to: kenji, content: `Thought you might like this one: ${titleOf(4)}`, hoursAgo: 80, shareIndex: 4 },
    { from: kenji, to: demo, content: 'Thanks, just signed up. Carpool?', hoursAgo: 78, isRead: true },
    { from: demo, to: kenji, content: 'Sure, I can pick you up at 8:30.', hoursAgo: 77 },
    {
      from: aisha,
      to: demo,
      content: 'Thank you for organizing last weekend, it was wonderful. The kids are still talking about it!',
      hoursAgo: 50,
      isRead: true,
    },
    { from: demo, to: aisha, content: 'So glad you could make it. Next one is already planned!', hoursAgo: 49 },
    {
      from: lukas,
      to: demo,
      content: `Have you seen "${titleOf(7)}"? Looks like your kind of thing.`,
      hoursAgo: 20,
      shareIndex: 7,
    },
    {
      from: priya,
      to: demo,
      content: 'Could you help me set up the registration desk on Saturday? Only if you have time.',
      hoursAgo: 6,
    },
    { from: maria, to: demo, content: 'Quick reminder: we meet at the north entrance, 9 sharp.', hoursAgo: 2 },
    {
      from: maria,
      to: kenji,
      content: 'Do you still have the spare grabbers from last time?',
      hoursAgo: 70,
      isRead: true,
    },
    { from: kenji, to: maria, content: 'Yes, five of them. I will bring them along.', hoursAgo: 69, isRead: true },
    {
      from: tom,
      to: sofia,
      content: `Check out this event: ${titleOf(10)}`,
      hoursAgo: 40,
      shareIndex: 10,
      isRead: true,
    },
    { from: sofia, to: tom, content: 'Love it, see you there!', hoursAgo: 39 },
    { from: emma, to: aisha, content: 'Can we swap shifts at the food bank next week?', hoursAgo: 30, isRead: true },
    { from: aisha, to: emma, content: 'No problem, I will take Saturday.', hoursAgo: 29 },
    { from: priya, to: lukas, content: `Sharing this with you: ${titleOf(13)}`, hoursAgo: 12, shareIndex: 13 },
    { from: demo, to: priya, content: `You should join us: ${titleOf(16)}`, hoursAgo: 10, shareIndex: 16 },
    { from: demo, to: sofia, content: 'Thanks for the photos from the cleanup!', hoursAgo: 8 },
  ];
  return script.map((line) => ({
    senderId: line.from.id,
    receiverId: line.to.id,
    eventId: line.shareIndex === undefined ? null : idOf(line.shareIndex),
    content: line.content,
    isRead: line.isRead ?? false,
    createdAt: new Date(now.getTime() - line.hoursAgo * HOUR_MS),
  }));
}

/**
 * A weekly series of six Saturdays (decisions §18), its first date scheduled in shifts: a role with free
 * places the demo account holds, a role that needs the organizer's approval with a pending volunteer,
 * and a full role with someone waiting. Counters are written as the slot writes would leave them
 * (decision 0027: signup and pending counts, the event's slot totals, an attending RSVP per confirmed
 * volunteer).
 */
async function seedWeeklySeriesWithSchedule(
  tx: Executor,
  options: { today: number; now: Date; demoId: string; organizerId: string; others: Array<{ id: string }> },
): Promise<void> {
  const [category] = await tx
    .select()
    .from(categories)
    .where(sql`${categories.name} = 'Community Building'`);
  if (!category) return;
  const [series] = await tx
    .insert(eventSeries)
    .values({ organizerId: options.organizerId, frequency: 'weekly', interval: 1, timeZone: 'UTC' })
    .returning({ id: eventSeries.id });
  const todayWeekday = new Date(options.today).getUTCDay();
  // The next Saturday at least two days away, 09:00 UTC.
  const daysToSaturday = ((6 - todayWeekday + 7) % 7) + ((6 - todayWeekday + 7) % 7 < 2 ? 7 : 0);
  const firstDate = options.today + daysToSaturday * DAY_MS + 9 * HOUR_MS;
  const title = 'Saturday Food Bank Shifts';
  const location = 'Community Pantry, 14 Mill Street, Portland, OR';
  const description =
    'Every Saturday we sort donations, pack boxes and hand them out to families. Pick a shift that suits you; drivers are confirmed by the coordinator.';
  const occurrences = await tx
    .insert(events)
    .values(
      Array.from({ length: 6 }, (_, index) => ({
        title,
        description,
        location,
        latitude: 45.52345,
        longitude: -122.67621,
        date: new Date(firstDate + index * 7 * DAY_MS),
        categoryId: category.id,
        organizerId: options.organizerId,
        durationMinutes: 360,
        seriesId: series!.id,
        seriesPosition: index + 1,
        searchVector: sql`to_tsvector('simple', ${searchTextOf({ title, description, categoryName: category.name, location })})`,
        createdAt: new Date(options.now.getTime() - 5 * DAY_MS),
      })),
    )
    .returning({ id: events.id });
  const firstId = occurrences[0]!.id;
  const [sorting, driving, desk] = [options.others[1]!.id, options.others[2]!.id, options.others[3]!.id];
  const window = (startHours: number, lengthHours: number) => ({
    startsAt: new Date(firstDate + startHours * HOUR_MS),
    endsAt: new Date(firstDate + (startHours + lengthHours) * HOUR_MS),
  });
  const [sortingSlot, driverSlot, deskSlot] = await tx
    .insert(slots)
    .values([
      { eventId: firstId, role: 'Sorting donations', ...window(0, 3), capacity: 6, signupCount: 2 },
      {
        eventId: firstId,
        role: 'Delivery driver',
        description: 'Bring a licence; the coordinator confirms each driver.',
        ...window(3, 3),
        capacity: 2,
        requiresApproval: true,
        pendingCount: 1,
      },
      { eventId: firstId, role: 'Front desk', ...window(3, 3), capacity: 1, signupCount: 1 },
    ])
    .returning({ id: slots.id });
  await tx.insert(slotSignups).values([
    { slotId: sortingSlot!.id, userId: options.demoId, status: 'confirmed' },
    { slotId: sortingSlot!.id, userId: sorting, status: 'confirmed' },
    { slotId: driverSlot!.id, userId: driving, status: 'pending' },
    { slotId: deskSlot!.id, userId: desk, status: 'confirmed' },
  ]);
  await tx.insert(slotWaitlistEntries).values({ slotId: deskSlot!.id, userId: sorting });
  // Attending is held by a confirmed slot (decision 0027).
  await tx
    .insert(rsvps)
    .values(
      [options.demoId, sorting, desk].map((userId) => ({ eventId: firstId, userId, status: 'attending' as const })),
    );
  await tx
    .update(events)
    .set({ rsvpCount: 3, slotCount: 3, slotPlaces: 9, openSlotPlaces: 9 - 3 - 1 })
    .where(sql`${events.id} = ${firstId}`);
}
