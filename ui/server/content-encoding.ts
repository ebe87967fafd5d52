/** The encodings the build writes beside each text file, best first. */
const PRECOMPRESSED = ['br', 'gzip'] as const;
export type Precompressed = (typeof PRECOMPRESSED)[number];

/**
 * Picks the precompressed file to send for an Accept-Encoding header: the highest q-value among br and gzip
 * (br on a tie), with `*` standing for any coding not named. `br;q=0` refuses br. No header, or one that accepts
 * neither, means the original file (identity).
 */
export function preferredEncoding(header: string | readonly string[] | undefined): Precompressed | undefined {
  if (header === undefined) return undefined;
  const weights = new Map<string, number>();
  for (const part of (typeof header === 'string' ? header : header.join(',')).split(',')) {
    const [coding, ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!coding) continue;
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(coding, Number.isFinite(weight) ? weight : 0);
  }
  let best: Precompressed | undefined;
  let bestWeight = 0;
  for (const coding of PRECOMPRESSED) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}
