/** A LIKE/ILIKE pattern matching `text` anywhere; wildcards typed by the user are matched literally. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
