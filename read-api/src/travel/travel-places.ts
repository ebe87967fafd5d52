import { sql, type Kysely } from 'kysely';
import { DEFAULT_TRAVEL_MODE, TRAVEL_MODES, type ClientLocationBasis, type Place, type TravelMode } from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';

/** Where a client lives, and whether the coordinates were recorded or learnt from check-ins (null: not known). */
export type ClientPlace = Place & { basis: ClientLocationBasis | null };

/**
 * How many of a client's latest check-ins the learnt location is taken from: enough that one phone's poor fix
 * does not move it, few enough to follow a client who has moved and to stay quick.
 */
const LEARNT_FROM_CHECK_INS = 30;

/**
 * Where each of these clients lives, in two queries whatever their number: the postcode and coordinates recorded on
 * the client's record, and for a client without coordinates the median of the places carers checked in at the
 * client's latest visits (the median, not the mean, so that one check-in from the car park down the road or a
 * phone's wild fix does not drag the point away). A client not found is left out of the map.
 */
export async function placesOfClients(
  db: Kysely<ReadModelDatabase>,
  clientIds: readonly string[],
): Promise<Map<string, ClientPlace>> {
  const ids = [...new Set(clientIds)];
  if (ids.length === 0) return new Map();
  const q = db.withSchema(READ_MODEL_SCHEMA);
  const rows = await q
    .selectFrom('clients')
    .select(['id', 'postcode', 'latitude', 'longitude'])
    .where('id', 'in', ids)
    .execute();
  const unplaced = rows.filter((row) => row.latitude === null || row.longitude === null).map((row) => row.id);
  const learnt = await learntCache.locations(db, unplaced);
  const places = new Map<string, ClientPlace>();
  for (const row of rows) {
    const recorded =
      row.latitude !== null && row.longitude !== null ? { latitude: row.latitude, longitude: row.longitude } : null;
    const fromCheckIns = learnt.get(row.id) ?? null;
    places.set(row.id, {
      coordinates: recorded ?? fromCheckIns,
      postcode: row.postcode,
      basis: recorded ? 'recorded' : fromCheckIns ? 'from check-ins' : null,
    });
  }
  return places;
}

type Point = { latitude: number; longitude: number };

/**
 * Learnt locations change only as check-ins add up, while the schedule asks for the same clients on every read:
 * each one is kept for a few minutes (unknown ones too), so a day's schedule of hundreds of visits reads the
 * check-ins once, not on every refresh. A client's first check-ins may therefore show a few minutes late.
 */
class LearntLocationCache {
  private readonly entries = new Map<string, { point: Point | null; until: number }>();

  constructor(
    private readonly keepMs: number,
    private readonly maxEntries: number,
  ) {}

  async locations(db: Kysely<ReadModelDatabase>, clientIds: readonly string[]): Promise<Map<string, Point>> {
    const now = Date.now();
    const found = new Map<string, Point>();
    const missing: string[] = [];
    for (const id of clientIds) {
      const entry = this.entries.get(id);
      if (entry && entry.until > now) {
        if (entry.point) found.set(id, entry.point);
      } else missing.push(id);
    }
    if (missing.length === 0) return found;
    const read = await learntLocations(db, missing);
    if (this.entries.size + missing.length > this.maxEntries) this.entries.clear();
    for (const id of missing) {
      const point = read.get(id) ?? null;
      this.entries.set(id, { point, until: now + this.keepMs });
      if (point) found.set(id, point);
    }
    return found;
  }
}

const learntCache = new LearntLocationCache(5 * 60_000, 50_000);

/** The median check-in place of each client's latest visits, one query for all of them. */
async function learntLocations(
  db: Kysely<ReadModelDatabase>,
  clientIds: readonly string[],
): Promise<Map<string, { latitude: number; longitude: number }>> {
  if (clientIds.length === 0) return new Map();
  const schema = sql.id(READ_MODEL_SCHEMA);
  // The lateral subquery walks the (client_id, scheduled_start) index backwards for each client.
  const result = await sql<{ client_id: string; latitude: number; longitude: number }>`
    select c.id as client_id,
      percentile_cont(0.5) within group (order by latest.latitude) as latitude,
      percentile_cont(0.5) within group (order by latest.longitude) as longitude
    from unnest(${sql.val([...clientIds])}::uuid[]) as c(id)
    cross join lateral (
      select (a.check_in_location->>'latitude')::float8 as latitude,
        (a.check_in_location->>'longitude')::float8 as longitude
      from ${schema}.appointments a
      where a.client_id = c.id and a.check_in_location is not null
      order by a.scheduled_start desc
      limit ${LEARNT_FROM_CHECK_INS}
    ) as latest
    group by c.id`.execute(db);
  // Six decimal places are about 10 cm: more is the arithmetic of the median, not a place.
  const degrees = (value: number) => Number(Number(value).toFixed(6));
  return new Map(
    result.rows.map((row) => [row.client_id, { latitude: degrees(row.latitude), longitude: degrees(row.longitude) }]),
  );
}

/** How each of these carers travels between visits: by car unless their record says otherwise. */
export async function travelModesOf(
  db: Kysely<ReadModelDatabase>,
  carerIds: readonly string[],
): Promise<Map<string, TravelMode>> {
  const ids = [...new Set(carerIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('carers')
    .select(['id', 'travel_mode'])
    .where('id', 'in', ids)
    .execute();
  const modes = new Map<string, TravelMode>(ids.map((id) => [id, DEFAULT_TRAVEL_MODE]));
  for (const row of rows) {
    const mode = TRAVEL_MODES.find((known) => known === row.travel_mode);
    if (mode) modes.set(row.id, mode);
  }
  return modes;
}
