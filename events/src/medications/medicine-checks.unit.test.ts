import { describe, expect, it } from 'vitest';
import { allergiesMatching } from './allergy-match';
import { DRUG_INTERACTIONS, interactionsAmong, interactionsWith } from './drug-interactions';
import { MEDICINE_CATEGORIES, REFERENCE_MEDICINES } from './reference-medicines';

describe('the reference list', () => {
  it('holds 20 medicines, each in a known category with strengths', () => {
    expect(REFERENCE_MEDICINES).toHaveLength(20);
    for (const medicine of REFERENCE_MEDICINES) {
      expect(MEDICINE_CATEGORIES).toContain(medicine.category);
      expect(medicine.strengths.length).toBeGreaterThan(0);
    }
  });

  it('names only reference medicines in the interaction table, each with a source', () => {
    const names = new Set(REFERENCE_MEDICINES.map((medicine) => medicine.name));
    for (const interaction of DRUG_INTERACTIONS) {
      expect(names.has(interaction.medicines[0]) && names.has(interaction.medicines[1])).toBe(true);
      expect(interaction.sourceUrl).toMatch(/^https:\/\//);
    }
  });
});

describe('interactions', () => {
  it('finds warfarin with ibuprofen among a client medicines, whatever the strength in the name', () => {
    const found = interactionsAmong(['Warfarin 3mg', 'Ibuprofen', 'Paracetamol']);
    expect(found.map((i) => i.medicines)).toEqual([['Warfarin', 'Ibuprofen']]);
    expect(found[0]?.severity).toBe('severe');
  });

  it('warns of a new medicine against those already prescribed, and not of pairs already there', () => {
    expect(interactionsWith('Diazepam', ['Codeine Phosphate', 'Morphine Sulfate']).map((i) => i.medicines[0])).toEqual([
      'Codeine Phosphate',
      'Morphine Sulfate',
    ]);
    expect(interactionsWith('Paracetamol', ['Codeine Phosphate', 'Morphine Sulfate'])).toEqual([]);
  });
});

describe('allergies', () => {
  it('matches an allergy naming the medicine or its class, and nothing else', () => {
    expect(allergiesMatching('Ibuprofen', ['NSAIDs', 'Latex'])).toEqual(['NSAIDs']);
    expect(allergiesMatching('Ibuprofen 400mg', ['ibuprofen'])).toEqual(['ibuprofen']);
    expect(allergiesMatching('Codeine Phosphate', ['Opiates'])).toEqual(['Opiates']);
    expect(allergiesMatching('Paracetamol', ['Penicillin', 'Latex'])).toEqual([]);
  });
});
