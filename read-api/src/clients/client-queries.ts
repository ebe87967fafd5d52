import { sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { CareLevel, ClientView } from '@care/events';
import { CLIENT_SEARCH_COLUMNS, READ_MODEL_SCHEMA, searchTextOf, type ReadModelDatabase } from '@care/projector';
import { likePattern } from '../shared/like-pattern';
import { countOf, pageOf, type Page } from '../shared/paging';
import { placesOfClients, type ClientPlace } from '../travel/travel-places';

export class ClientQueries {
  /** `visible`: the reader's scope on `client.id` (CarerWork.client); every client by default. */
  constructor(
    private readonly db: Kysely<ReadModelDatabase>,
    private readonly visible: RawBuilder<SqlBool> = sql<SqlBool>`true`,
  ) {}

  /** Each client with its keyworker's employee ID and name, joined now so a carer's rename shows at once. */
  private clients() {
    return this.db
      .withSchema(READ_MODEL_SCHEMA)
      .selectFrom('clients as client')
      .leftJoin('carers as keyworker', 'keyworker.id', 'client.keyworker_carer_id')
      .where(this.visible)
      .selectAll('client')
      .select([
        'keyworker.id as keyworker_id',
        'keyworker.employee_id as keyworker_employee_id',
        'keyworker.first_name as keyworker_first_name',
        'keyworker.last_name as keyworker_last_name',
      ]);
  }

  /** One page sorted by surname then first name, and how many match; `search` matches the name (either order) or the client ID. */
  async list(search: string | undefined, page: Page): Promise<{ rows: ClientView[]; total: number }> {
    let query = this.clients();
    // One text (the name in either order, the client ID), the expression the projection's trigram index covers.
    if (search) query = query.where(searchTextOf(CLIENT_SEARCH_COLUMNS, 'client'), 'ilike', likePattern(search));
    const [rows, total] = await Promise.all([
      pageOf(query.orderBy('client.last_name').orderBy('client.first_name').orderBy('client.id'), page),
      countOf(query),
    ]);
    const places = await placesOfClients(
      this.db,
      rows.map((row) => row.id),
    );
    return { rows: rows.map((row) => toView(row, places.get(row.id))), total };
  }

  async byId(id: string): Promise<ClientView | undefined> {
    const row = await this.clients().where('client.id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const places = await placesOfClients(this.db, [row.id]);
    return toView(row, places.get(row.id));
  }
}

type ClientRow = Awaited<ReturnType<ReturnType<ClientQueries['clients']>['executeTakeFirstOrThrow']>>;

function toView(row: ClientRow, place: ClientPlace | undefined): ClientView {
  return {
    id: row.id,
    clientId: row.client_id,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth,
    address: row.address,
    phoneNumber: row.phone_number,
    emergencyContact: row.emergency_contact,
    emergencyPhone: row.emergency_phone,
    medicalConditions: row.medical_conditions,
    medications: row.medications,
    allergies: row.allergies,
    careLevel: row.care_level as CareLevel,
    mobilityLevel: row.mobility_level,
    cognitiveLevel: row.cognitive_level,
    keyworkerCarerId: row.keyworker_carer_id,
    keyworkerCarer:
      row.keyworker_id === null
        ? null
        : {
            id: row.keyworker_id,
            employeeId: row.keyworker_employee_id ?? '',
            user: { firstName: row.keyworker_first_name ?? '', lastName: row.keyworker_last_name ?? '' },
          },
    preferredCarers: row.preferred_carers,
    riskAssessment: row.risk_assessment,
    careInstructions: row.care_instructions,
    gpPractice: row.gp_practice,
    gpPhone: row.gp_phone,
    postcode: row.postcode,
    latitude: row.latitude,
    longitude: row.longitude,
    location: place?.coordinates && place.basis ? { ...place.coordinates, basis: place.basis } : null,
    isActive: row.is_active,
    revision: String(row.revision),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
