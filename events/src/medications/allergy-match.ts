import { REFERENCE_MEDICINES } from './reference-medicines';

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 3);

/**
 * The client's recorded allergies that a medicine may trigger: an allergy naming the medicine itself, or a class
 * the reference database lists for it ("Penicillin" for amoxicillin, "NSAID" for ibuprofen). A screen for the
 * obvious, never a substitute for the prescriber's and pharmacist's check.
 */
export function allergiesMatching(medicineName: string, allergies: readonly string[]): string[] {
  const nameWords = words(medicineName);
  const lowered = medicineName.trim().toLowerCase();
  const reference = REFERENCE_MEDICINES.find((medicine) =>
    lowered.startsWith(medicine.name.toLowerCase().split(' ')[0] as string),
  );
  const triggers = new Set([...nameWords, ...(reference?.allergenClasses ?? []).map((entry) => entry.toLowerCase())]);
  return allergies.filter((allergy) => {
    const allergyWords = words(allergy);
    return allergyWords.some(
      (word) => triggers.has(word) || [...triggers].some((trigger) => trigger.length >= 5 && word.startsWith(trigger)),
    );
  });
}
