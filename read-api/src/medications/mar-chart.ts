import type { Kysely } from 'kysely';
import {
  addDays,
  dosesBetween,
  londonClock,
  londonTimeToInstant,
  MEDICATION_LIMITS,
  type MarChartView,
  type PrescriptionDetails,
  ukDate,
  ukDateOfInstant,
} from '@care/events';
import { READ_MODEL_SCHEMA, type ReadModelDatabase } from '@care/projector';
import type { PdfBlock, PdfSpec } from '@care/documents';
import type { CarerWork, ReadScope } from '../shared/carer-work';
import { peopleNamed } from '../shared/people';
import { readMarKey } from './mar-key-query';

const initialsOf = (first: string | null | undefined, last: string | null | undefined) =>
  first || last ? `${(first ?? '').slice(0, 1)}${(last ?? '').slice(0, 1)}`.toUpperCase() : null;

const prnText = (prn: PrescriptionDetails['prn']) =>
  prn
    ? `PRN for ${prn.reason}: ${prn.dose}, at least ${prn.minIntervalMinutes} minutes apart, at most ${prn.maxDosesIn24h} in 24 hours`
    : null;

/**
 * A client's MAR chart (NICE NG67, CQC): up to 31 London days of due doses by day and time, each with its outcome's
 * code and the recorder's initials, amendments flagged, PRN doses listed, the code key, the client's allergies and GP.
 * undefined: no such client, or one the reader may not read.
 */
export async function marChart(
  db: Kysely<ReadModelDatabase>,
  work: CarerWork,
  scope: ReadScope,
  clientId: string,
  from: string,
  dayCount: number,
): Promise<MarChartView | undefined> {
  const client = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('clients as c')
    .select([
      'c.id',
      'c.client_id',
      'c.first_name',
      'c.last_name',
      'c.date_of_birth',
      'c.address',
      'c.allergies',
      'c.gp_practice',
      'c.gp_phone',
    ])
    .where('c.id', '=', clientId)
    .where(work.client(scope, 'c.id'))
    .executeTakeFirst();
  if (!client) return undefined;
  const days = Array.from({ length: Math.min(dayCount, MEDICATION_LIMITS.marChartDays) }, (_, index) =>
    addDays(from, index),
  );
  const to = days.at(-1) as string;
  const start = londonTimeToInstant(from, '00:00');
  const end = londonTimeToInstant(addDays(to, 1), '00:00');
  const prescriptions = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('prescriptions')
    .selectAll()
    .where('client_id', '=', clientId)
    .orderBy('name')
    .execute();
  const records = await db
    .withSchema(READ_MODEL_SCHEMA)
    .selectFrom('medication_records as r')
    .select([
      'r.prescription_id',
      'r.due_at',
      'r.administered_at',
      'r.code',
      'r.reason',
      'r.amendments',
      'r.recorded_by',
    ])
    .where('r.client_id', '=', clientId)
    .where((eb) =>
      eb.or([
        eb.and([eb('r.due_at', '>=', new Date(start)), eb('r.due_at', '<', new Date(end))]),
        eb.and([
          eb('r.due_at', 'is', null),
          eb('r.administered_at', '>=', new Date(start)),
          eb('r.administered_at', '<', new Date(end)),
        ]),
      ]),
    )
    .execute();
  const person = await peopleNamed(
    db,
    records.map((record) => record.recorded_by),
  );
  const initials = (recordedBy: string) => {
    const found = person(recordedBy);
    return found ? initialsOf(found.firstName, found.lastName) : null;
  };
  let amendments = 0;
  const medicines = prescriptions
    .map((prescription) => {
      const mine = records.filter((record) => record.prescription_id === prescription.id);
      const byDue = new Map(
        mine.filter((record) => record.due_at !== null).map((record) => [record.due_at!.toISOString(), record]),
      );
      const doses = dosesBetween(prescription.schedule, start, end);
      const times = [...new Set(doses.map((dose) => dose.time))].sort();
      const rows = times.map((time) => ({
        time,
        cells: days.map((date) => {
          const dose = doses.find((candidate) => candidate.date === date && candidate.time === time);
          const record = dose ? byDue.get(dose.dueAt) : undefined;
          if (record && record.amendments > 0) amendments += 1;
          return {
            date,
            dueAt: dose?.dueAt ?? null,
            code: record?.code ?? null,
            initials: record ? initials(record.recorded_by) : null,
            amended: (record?.amendments ?? 0) > 0,
          };
        }),
      }));
      const prnDoses = mine
        .filter((record) => record.due_at === null)
        .sort((a, b) => a.administered_at.getTime() - b.administered_at.getTime())
        .map((record) => ({
          at: record.administered_at.toISOString(),
          code: record.code,
          initials: initials(record.recorded_by),
          reason: record.reason,
          amended: record.amendments > 0,
        }));
      const d = prescription.details;
      return {
        prescriptionId: prescription.id,
        name: prescription.name,
        strength: d.strength,
        form: d.form,
        route: d.route,
        dosage: d.dosage,
        frequency: d.frequency,
        startDate: d.startDate,
        endDate: d.endDate,
        reviewDate: d.reviewDate,
        instructions: d.instructions,
        supportLevel: d.supportLevel,
        overTheCounter: d.overTheCounter,
        status: prescription.status,
        prn: prnText(d.prn),
        rows,
        prnDoses,
      };
    })
    // A medicine belongs on this chart when it had a dose due, a PRN dose given, or was in force in the period.
    .filter(
      (medicine) =>
        medicine.rows.length > 0 ||
        medicine.prnDoses.length > 0 ||
        (medicine.prn !== null && medicine.startDate <= to && (medicine.endDate === null || medicine.endDate >= from)),
    );
  return {
    client: {
      id: client.id,
      name: `${client.first_name} ${client.last_name}`,
      clientId: client.client_id,
      dateOfBirth: client.date_of_birth,
      address: client.address,
      allergies: client.allergies,
      gpPractice: client.gp_practice,
      gpPhone: client.gp_phone,
    },
    from,
    to,
    days,
    codes: (await readMarKey(db)).map(({ code, label }) => ({ code, label })),
    medicines,
    amendments,
  };
}

/** Days per table: 16 columns of days and the time fit a landscape A4 page. */
const DAYS_PER_TABLE = 16;

/** The MAR chart as agencies file it: landscape, one grid per medicine, the key and the allergies on it. */
export function marPdfSpec(chart: MarChartView): PdfSpec {
  const blocks: PdfBlock[] = [
    {
      kind: 'fields',
      rows: [
        ['Client', `${chart.client.name} (${chart.client.clientId})`],
        ['Date of birth', chart.client.dateOfBirth ? ukDate(chart.client.dateOfBirth) : 'Not recorded'],
        ['Address', chart.client.address ?? ''],
        ['Allergies', chart.client.allergies.length > 0 ? chart.client.allergies.join(', ') : 'None recorded'],
        ['GP practice', chart.client.gpPractice ?? 'Not recorded on the client record'],
        ['GP phone', chart.client.gpPhone ?? 'Not recorded on the client record'],
        ['Period', `${ukDate(chart.from)} to ${ukDate(chart.to)}`],
      ],
    },
  ];
  if (chart.medicines.length === 0) blocks.push({ kind: 'paragraph', text: 'No medicines were due in this period.' });
  for (const medicine of chart.medicines) {
    blocks.push({
      kind: 'heading',
      text: `${medicine.name}${medicine.strength ? ` ${medicine.strength}` : ''}${medicine.overTheCounter ? ' (over the counter)' : ''}`,
    });
    blocks.push({
      kind: 'paragraph',
      text: [
        `${medicine.dosage}, ${medicine.form}, ${medicine.route}, ${medicine.frequency}`,
        `support: ${medicine.supportLevel}`,
        `start ${ukDate(medicine.startDate)}${medicine.endDate ? `, stop ${ukDate(medicine.endDate)}` : ''}${medicine.reviewDate ? `, review ${ukDate(medicine.reviewDate)}` : ''}`,
        medicine.instructions ? `instructions: ${medicine.instructions}` : null,
        medicine.prn,
        medicine.status !== 'active' ? `now ${medicine.status}` : null,
      ]
        .filter(Boolean)
        .join('; '),
    });
    for (let first = 0; first < chart.days.length && medicine.rows.length > 0; first += DAYS_PER_TABLE) {
      const days = chart.days.slice(first, first + DAYS_PER_TABLE);
      blocks.push({
        kind: 'table',
        fontSize: 7,
        columns: [{ header: 'Time', width: 1.3 }, ...days.map((day) => ({ header: day.slice(8, 10) }))],
        rows: medicine.rows.map((row) => [
          row.time,
          ...row.cells
            .slice(first, first + DAYS_PER_TABLE)
            .map((cell) =>
              cell.dueAt === null
                ? ''
                : cell.code === null
                  ? '·'
                  : `${cell.code}${cell.amended ? '*' : ''} ${cell.initials ?? ''}`.trim(),
            ),
        ]),
      });
    }
    if (medicine.prnDoses.length > 0) {
      blocks.push({
        kind: 'table',
        fontSize: 8,
        columns: [
          { header: 'PRN given', width: 2 },
          { header: 'Code' },
          { header: 'By' },
          { header: 'Reason', width: 3 },
        ],
        rows: medicine.prnDoses.map((dose) => [
          `${ukDateOfInstant(dose.at)} ${londonClock(dose.at)}`,
          `${dose.code}${dose.amended ? '*' : ''}`,
          dose.initials ?? '',
          dose.reason ?? '',
        ]),
      });
    }
  }
  blocks.push({ kind: 'heading', text: 'Key' });
  blocks.push({
    kind: 'table',
    fontSize: 8,
    columns: [{ header: 'Code' }, { header: 'Meaning', width: 4 }],
    rows: [
      ...chart.codes.map(({ code, label }) => [code, label]),
      ['·', 'Due, no outcome recorded'],
      ['*', 'Amended (the original is kept in the record)'],
    ],
  });
  return {
    title: `MAR chart: ${chart.client.name}`,
    subtitle: `${ukDate(chart.from)} to ${ukDate(chart.to)}`,
    layout: 'landscape',
    blocks,
  };
}
