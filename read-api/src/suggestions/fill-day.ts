import type { FillDayProposal } from '@care/events';
import { rankCarers, type HeldVisit, type OpenVisit, type RotaFacts } from './carer-ranking';

/**
 * "Fill the day": a carer proposed for every open visit of a day at once, never two visits at overlapping times
 * for one carer. The visits with the fewest carers able to take them are placed first (a visit only two carers can
 * do should not lose them to one anybody could do), then by start; each placement holds the carer's time, adds
 * to their week and day, and so moves the ranking of the visits placed after it. Nothing is written: the screen
 * shows the proposal and applies it as ordinary assignments, each of which the command side checks again.
 */
export function fillDay(visits: readonly OpenVisit[], facts: RotaFacts): FillDayProposal[] {
  const held = new Map<string, HeldVisit[]>([...facts.held].map(([id, list]) => [id, [...list]]));
  const weekMinutes = new Map(facts.weekMinutes);
  const working: RotaFacts = { ...facts, held, weekMinutes };
  const order = visits
    .map((visit) => ({ visit, choices: rankCarers(visit, working).suggestions.length }))
    .sort((a, b) => a.choices - b.choices || a.visit.start.localeCompare(b.visit.start))
    .map(({ visit }) => visit);

  const proposed = new Map<string, FillDayProposal>();
  for (const visit of order) {
    const best = rankCarers(visit, working).suggestions[0] ?? null;
    proposed.set(visit.id, {
      appointmentId: visit.id,
      clientId: visit.clientId,
      clientName: visit.clientName,
      start: visit.start,
      end: visit.end,
      visitType: visit.visitType,
      revision: visit.revision,
      proposed: best,
    });
    if (!best) continue;
    const list = held.get(best.carerId) ?? [];
    list.push({
      appointmentId: visit.id,
      clientId: visit.clientId,
      start: visit.start,
      end: visit.end,
      date: visit.date,
    });
    list.sort((a, b) => a.start.localeCompare(b.start));
    held.set(best.carerId, list);
    const minutes = Math.round((Date.parse(visit.end) - Date.parse(visit.start)) / 60_000);
    weekMinutes.set(best.carerId, (weekMinutes.get(best.carerId) ?? 0) + minutes);
  }
  // Shown in the day's order, whatever order they were placed in.
  return [...visits]
    .sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id))
    .map((visit) => proposed.get(visit.id)!);
}
