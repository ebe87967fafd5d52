/**
 * What a visit's history shows of one event: its data as recorded, with the signature image replaced by whether
 * there was one (a check-out or an amendment may carry the image; the history never does).
 */
export function historyDataOf(type: string, data: unknown): Record<string, unknown> {
  const recorded = isObject(data) ? data : {};
  if (type === 'VisitAmended' && isObject(recorded.changes))
    return { ...recorded, changes: withoutSignature(recorded.changes) };
  return withoutSignature(recorded);
}

function withoutSignature(value: Record<string, unknown>): Record<string, unknown> {
  if (!('signature' in value)) return value;
  const { signature, ...rest } = value;
  return { ...rest, signatureCaptured: signature !== null && signature !== undefined };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
