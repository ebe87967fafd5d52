/**
 * Text every store can keep. PostgreSQL refuses NUL in `text` and `jsonb` and refuses a lone UTF-16 surrogate
 * in `jsonb`, while EventStoreDB takes both: a text the PostgreSQL event store refuses would be appended to
 * EventStoreDB and then stall the projector. Other control characters (backspace, escape, bell, the C1 range)
 * are invisible on every screen and in every export, so they are refused too; only newline and tab remain.
 */

export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';
export const INVALID_UNICODE_MESSAGE = 'Must be valid Unicode text';

/** Unicode category Cc (U+0000–U+001F, U+007F–U+009F) except tab (U+0009) and newline (U+000A). */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's whole purpose
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'g');
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}

export function hasLoneSurrogates(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** The message for a text that cannot be stored, or undefined when it can. */
export function unsafeTextMessage(text: string): string | undefined {
  if (hasControlCharacters(text)) return CONTROL_CHARACTERS_MESSAGE;
  if (hasLoneSurrogates(text)) return INVALID_UNICODE_MESSAGE;
  return undefined;
}

/** Windows (CRLF) and old Mac (CR) line ends become newlines, so a pasted or scripted text is not refused for them. */
export function normaliseLineEnds(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * For text the server takes from request headers (user agent, forwarded address) rather than from a form: there
 * is nobody to show a message to, so control characters are dropped and the text is cut to `max`.
 */
export function headerText(value: string, max: number): string | null {
  // Cut before mending surrogates: cutting a pair in two would leave a lone one.
  const cleaned = value.replace(CONTROL_CHARACTERS, '').slice(0, max).replace(LONE_SURROGATES, '\uFFFD').trim();
  return cleaned === '' ? null : cleaned;
}
