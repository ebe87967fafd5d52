import type { CreateDiaryEntryRequest, DiaryEntryType, DiaryPriority } from '@care/events';

/**
 * About 300 demo diary entries over the last 60 days, the same every time for the same `now` (no randomness:
 * everything is derived from the index). Notes read like a home-care agency's daily records.
 */
const ENTRY_COUNT = 300;
const DAYS = 60;

interface NoteTemplate {
  readonly title: string;
  readonly content: string;
  readonly tags: readonly string[];
}

const NOTES: Record<DiaryEntryType, readonly NoteTemplate[]> = {
  care_note: [
    {
      title: 'Morning call completed',
      content:
        'Supported with washing and dressing. Breakfast of porridge and tea eaten well. Left comfortable in the lounge with the radio on.',
      tags: ['personal care', 'breakfast'],
    },
    {
      title: 'Lunch visit',
      content:
        'Prepared a jacket potato with beans; ate about three quarters. Encouraged fluids and left a jug of squash within reach.',
      tags: ['nutrition', 'fluids'],
    },
    {
      title: 'Evening routine',
      content:
        'Helped into nightwear, teeth cleaned, pressure areas checked and skin intact. Pendant alarm on and tested before leaving.',
      tags: ['personal care', 'pendant alarm'],
    },
    {
      title: 'Shower and hair wash',
      content: 'Assisted shower using the seat. Hair washed and dried. Clean bedding put on and laundry started.',
      tags: ['personal care', 'laundry'],
    },
    {
      title: 'Shopping trip',
      content:
        'Accompanied to the local shop for bread, milk and fruit. Walked with the frame and rested on the bench on the way back.',
      tags: ['community', 'mobility'],
    },
  ],
  incident: [
    {
      title: 'Found on the floor in the kitchen',
      content:
        'Client was sitting on the kitchen floor on arrival, said she slipped reaching for a cup. No visible injury; helped up following the falls procedure and office informed.',
      tags: ['fall', 'office informed'],
    },
    {
      title: 'Front door left unlocked',
      content:
        'Front door was unlocked and open on arrival at 08:10. Client unsure how long. Key safe code checked and family told.',
      tags: ['safety', 'family informed'],
    },
    {
      title: 'Small skin tear on forearm',
      content:
        'Noticed a small skin tear on the left forearm, client thinks it caught on the door frame. Cleaned and covered; district nurse asked to review.',
      tags: ['skin', 'district nurse'],
    },
  ],
  medication: [
    {
      title: 'Morning medication prompted',
      content: 'Prompted morning tablets from the blister pack; taken with water. MAR chart signed.',
      tags: ['MAR signed'],
    },
    {
      title: 'Medication refused',
      content:
        'Declined evening tablets, saying she felt sick. Not pressed. Office and pharmacy advice line informed; noted on the MAR chart.',
      tags: ['refused', 'office informed'],
    },
    {
      title: 'New blister pack delivered',
      content:
        'Pharmacy delivered the new blister pack. Checked it against the MAR chart and stored it in the usual cupboard.',
      tags: ['pharmacy', 'MAR signed'],
    },
    {
      title: 'Eye drops applied',
      content: 'Applied eye drops to both eyes as prescribed. No redness noted.',
      tags: ['eye drops'],
    },
  ],
  observation: [
    {
      title: 'Appetite lower than usual',
      content:
        'Only managed a few spoonfuls of soup. Says she is not hungry. Will offer smaller snacks and note intake for the next few visits.',
      tags: ['nutrition', 'monitor'],
    },
    {
      title: 'More confused this evening',
      content:
        "Asked several times what day it is and called me by his late wife's name. Calm and settled after a cup of tea. Worth watching.",
      tags: ['memory', 'monitor'],
    },
    {
      title: 'Walking more steadily',
      content:
        'Walked to the bathroom and back with the frame without needing a hand. Physio exercises seem to be helping.',
      tags: ['mobility'],
    },
    {
      title: 'Low mood',
      content:
        'Tearful this morning, missing her daughter. Spent ten minutes chatting about her garden, which cheered her up.',
      tags: ['wellbeing'],
    },
  ],
  communication: [
    {
      title: 'Call with daughter',
      content:
        'Daughter rang during the visit and asked for the visit time to move to 9:30 on Thursdays. Passed to the office to update the rota.',
      tags: ['family', 'rota'],
    },
    {
      title: 'GP surgery message',
      content:
        'GP receptionist called back: blood test booked for next Tuesday at 10:20. Written on the kitchen calendar.',
      tags: ['GP', 'appointment'],
    },
    {
      title: 'Handover to evening carer',
      content: 'Left a note for the evening carer: the heating timer was reset and fresh milk is in the fridge.',
      tags: ['handover'],
    },
  ],
};

/** Mostly everyday notes; incidents and urgent ones are rarer, as in a real diary. */
const TYPE_CYCLE: readonly DiaryEntryType[] = [
  'care_note',
  'care_note',
  'observation',
  'medication',
  'care_note',
  'communication',
  'care_note',
  'medication',
  'observation',
  'incident',
];
const PRIORITY_CYCLE: readonly DiaryPriority[] = [
  'normal',
  'normal',
  'low',
  'normal',
  'high',
  'normal',
  'low',
  'normal',
  'normal',
  'urgent',
];
/** Visit times, in minutes after midnight UTC (within an hour of UK time all year). */
const VISIT_MINUTES = [7 * 60 + 45, 9 * 60 + 30, 12 * 60 + 15, 13 * 60, 16 * 60 + 30, 18 * 60 + 10, 20 * 60 + 45];
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export function demoDiaryEntries(
  carerIds: readonly string[],
  clientIds: readonly string[],
  now: Date,
): CreateDiaryEntryRequest[] {
  if (carerIds.length === 0 || clientIds.length === 0) return [];
  const startOfToday = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const entries: CreateDiaryEntryRequest[] = [];
  for (let index = 0; index < ENTRY_COUNT; index += 1) {
    const entryType = TYPE_CYCLE[index % TYPE_CYCLE.length]!;
    const templates = NOTES[entryType];
    const note = templates[Math.floor(index / TYPE_CYCLE.length) % templates.length]!;
    const daysAgo = Math.floor((index * DAYS) / ENTRY_COUNT);
    const minutes = VISIT_MINUTES[(index * 3) % VISIT_MINUTES.length]!;
    const at = Math.min(startOfToday - daysAgo * DAY_MS + minutes * MINUTE_MS, now.getTime() - MINUTE_MS * (index + 1));
    const priority: DiaryPriority =
      entryType === 'incident'
        ? index % 20 === 9
          ? 'urgent'
          : 'high'
        : PRIORITY_CYCLE[index % PRIORITY_CYCLE.length]!;
    entries.push({
      carerId: carerIds[index % carerIds.length]!,
      // Visits repeat: a carer sees a handful of regular clients.
      clientId: clientIds[(index * 7 + Math.floor(index / carerIds.length)) % clientIds.length]!,
      entryType,
      priority,
      entryDate: new Date(at).toISOString(),
      title: note.title,
      content: note.content,
      tags: [...note.tags],
      // Safeguarding-type notes and a few others are confidential.
      isConfidential: entryType === 'incident' ? index % 3 === 0 : index % 17 === 0,
    });
  }
  return entries;
}
