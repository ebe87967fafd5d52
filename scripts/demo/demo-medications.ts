import {
  addDays,
  allergiesMatching,
  dosesBetween,
  londonTimeToInstant,
  londonToday,
  REFERENCE_MEDICINES,
  type AddMarCodeRequest,
  type PrescribeRequest,
  type RecordAdministrationRequest,
} from '@care/events';

/** A demo prescription and the outcomes recorded against it, in time order. */
export interface DemoMedication {
  readonly prescribe: PrescribeRequest;
  readonly records: readonly RecordAdministrationRequest[];
}

export interface DemoMedicationClient {
  readonly id: string;
  readonly allergies: readonly string[];
}

const DAYS = 28;
const HOUR = 3_600_000;
/**
 * Doses are given on the care visits' rounds (the morning, midday and teatime visits), so each is recorded before
 * the visit it falls in is checked out (a check-out waits for every dose due in the visit); the late-evening dose
 * falls in no visit. Every dose due up to a quarter of an hour before loading has its outcome.
 */
const LEAVE_OPEN_HOURS = 0.25;
const SCHEDULES: readonly (readonly string[])[] = [
  ['08:00'],
  ['08:00', '18:00'],
  ['08:15'],
  ['22:00'],
  ['08:00', '18:00'],
  ['12:30'],
];
const GPS = ['Dr Anita Rao', 'Dr Tom Ellis', 'Dr Priya Shah', 'Dr Owen Price'];
const REFUSALS = ['Said they felt sick', 'Asleep and could not be woken', 'Did not want it today'];

/** The agency's own code on the MAR chart's key, added by an administrator before any dose carries it. */
export const DEMO_MAR_CODES: readonly AddMarCodeRequest[] = [
  { code: 'H', label: "Held on the GP's advice", status: 'not_required', needsReason: true },
];

/** The outcome of the n-th dose: mostly taken, some prompted, a refusal now and then, a few not required or held. */
function outcome(n: number): { code: string; reason?: string } {
  if (n % 23 === 7) return { code: 'R', reason: REFUSALS[n % REFUSALS.length]! };
  if (n % 59 === 13) return { code: 'H', reason: 'GP asked to hold it until the blood test' };
  if (n % 41 === 3) return { code: 'NR', reason: 'Out with family, dose taken with them' };
  if (n % 5 === 0) return { code: 'P' };
  return { code: 'T' };
}

/**
 * Prescriptions for about a third of the active clients (every third one), one to three medicines each from the
 * reference list, never one the client is allergic to, started four weeks ago, with an outcome for every dose due
 * up to two hours ago (recorded through the API like a coordinator would) and a few PRN paracetamol doses.
 */
export function demoMedications(clients: readonly DemoMedicationClient[], now: Date): DemoMedication[] {
  const today = londonToday(now);
  const startDate = addDays(today, -DAYS);
  const start = londonTimeToInstant(startDate, '00:00');
  const recordUntil = new Date(now.getTime() - LEAVE_OPEN_HOURS * HOUR).toISOString();
  const regular = REFERENCE_MEDICINES.filter((medicine) => medicine.name !== 'Paracetamol' && !medicine.controlledDrug);
  const medications: DemoMedication[] = [];
  let dose = 0;
  clients.forEach((client, index) => {
    if (index % 3 !== 0) return;
    // One or two medicines each: the first start loads every dose through the API, so it stays a few thousand.
    const count = 1 + ((index / 3) % 2);
    for (let k = 0; k < count; k += 1) {
      const medicine = regular[(index * 7 + k * 5) % regular.length]!;
      if (allergiesMatching(medicine.name, client.allergies).length > 0) continue;
      const doseTimes = [...SCHEDULES[(index + k) % SCHEDULES.length]!];
      const prescribe: PrescribeRequest = {
        clientId: client.id,
        name: medicine.name,
        strength: medicine.strengths[0]!,
        form:
          medicine.type === 'Inhaler'
            ? 'inhaler'
            : medicine.type === 'Injection'
              ? 'injection'
              : medicine.type === 'Capsule'
                ? 'capsule'
                : 'tablet',
        route: medicine.type === 'Inhaler' ? 'inhaled' : medicine.type === 'Injection' ? 'subcutaneous' : 'oral',
        dosage:
          medicine.type === 'Inhaler'
            ? '2 puffs'
            : medicine.type === 'Injection'
              ? 'As charted'
              : `1 ${medicine.type.toLowerCase()}`,
        frequency: doseTimes.length === 1 ? 'Once daily' : doseTimes.length === 2 ? 'Twice daily' : 'Three times daily',
        doseTimes,
        timeCritical: medicine.timeCritical,
        prescribedBy: GPS[index % GPS.length]!,
        startDate,
        reviewDate: addDays(today, 60 + (index % 30)),
        instructions: medicine.category === 'Gastric' ? 'Before breakfast' : null,
      };
      const schedule = { startDate, endDate: null, periods: [{ from: null, doseTimes, active: true }] };
      const records = dosesBetween(schedule, start, recordUntil).map((due) => {
        const result = outcome(dose++);
        const late = (dose % 11) * 60_000;
        return {
          dueAt: due.dueAt,
          code: result.code,
          reason: result.reason,
          administeredAt: new Date(Date.parse(due.dueAt) + late).toISOString(),
        };
      });
      medications.push({ prescribe, records });
    }
    // Every sixth client also has paracetamol when required, given now and then.
    if (index % 6 === 0 && allergiesMatching('Paracetamol', client.allergies).length === 0) {
      const records = Array.from({ length: DAYS }, (_, day) => addDays(startDate, day))
        .filter((_, day) => day % 4 === 1)
        .map((date) => ({
          code: 'T' as const,
          prnReason: 'Back pain',
          administeredAt: londonTimeToInstant(date, '14:00'),
        }))
        .filter((record) => record.administeredAt < recordUntil);
      medications.push({
        prescribe: {
          clientId: client.id,
          name: 'Paracetamol',
          strength: '500mg',
          form: 'tablet',
          route: 'oral',
          dosage: '2 tablets',
          frequency: 'When required',
          doseTimes: [],
          prn: {
            reason: 'Pain',
            dose: '1g (2 tablets)',
            minIntervalMinutes: 240,
            maxDosesIn24h: 4,
            tryFirst: 'A change of position or a warm drink',
          },
          prescribedBy: GPS[index % GPS.length]!,
          startDate,
        },
        records,
      });
    }
  });
  return medications;
}
