// Text shown to people, checked at the input-bounds layer (src/core/input-bounds.ts) for every input
// whose @maxLength bound says what it is, so every door and every field inherits one rule:
// - bound "name" (tags, locations, labels the merchant types): NFC, so a composed and a decomposed é
//   are one name; no invisible or direction-control character (zero-width, bidi overrides and
//   isolates, every other format character, controls, line separators), so two names that look
//   alike are one name or refused;
// - bound "link" (tracking and label links, images, files): an absolute http(s) URL, so no
//   `javascript:` or `data:` link reaches a page. (Bound "url", the webhook callbacks the service
//   calls, has stricter rules of its own: src/webhooks/ssrf.ts.)

/** Unicode format (Cf: zero-width, bidi marks/overrides/isolates, BOM, soft hyphen, …), control, line and paragraph separators. */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}]/u;

/** The first invisible or direction-control character of a name (U+XXXX) and its position, or null (a name may hold none). */
export function invisibleCharacter(text: string): { character: string; position: number } | null {
  const m = INVISIBLE.exec(text);
  if (!m) return null;
  const code = m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
  return { character: `U+${code}`, position: [...text.slice(0, m.index)].length };
}

/** A name as stored and compared: Unicode NFC. */
export function normalName(text: string): string {
  return text.normalize("NFC");
}

/**
 * Why `text` cannot be a link shown to people: `""` when it is no absolute URL, its scheme (`ftp:`) when not
 * http(s); null when it is a link.
 */
export function linkScheme(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "";
  }
  return url.protocol !== "http:" && url.protocol !== "https:" ? url.protocol.slice(0, 20) : null;
}
