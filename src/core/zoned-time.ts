// A time as people read it: in the store's time zone, the zone named ("29 Nov 2026, 15:04 CET"), in the
// reader's locale. One place for the shopper portal and the dashboard, so a page never mixes the
// browser's zone with the store's. Intl names a zone in the reader's locale, which for many pairs is only
// an offset ("UTC+1" in French for Paris): the zone's letters are then taken from English (CET, EST), and
// an offset is kept only when no language has letters for the zone.

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: string | undefined, zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ""}|${zone}|${JSON.stringify(options)}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
    if (formats.size > 500) formats.clear();
    formats.set(key, f);
  }
  return f;
}

const OFFSET = /^(GMT|UTC|TU)([+−-]|$)/;

/** The zone's short name at `date`: the reader's letters, else English letters (CET, EST), else the offset. */
export function zoneName(date: Date, zone: string, locale?: string): string {
  const named = (l: string | undefined) =>
    format(l, zone, { timeZoneName: "short" })
      .formatToParts(date)
      .find((p) => p.type === "timeZoneName")?.value ?? zone;
  const own = named(locale);
  if (!OFFSET.test(own) || zone === "UTC") return zone === "UTC" ? "UTC" : own;
  for (const l of ["en-US", "en-GB"]) {
    const english = named(l);
    if (!OFFSET.test(english)) return english;
  }
  return own;
}

/**
 * `iso` in `zone` with the zone named, in `locale` (the browser's when omitted): "29 Nov 2026, 15:04 CET".
 * `style` "long" writes the month in full ("29 November 2026 at 15:04 CET"). An unknown zone falls back to UTC.
 */
export function zonedDateTime(iso: string | Date, zone: string, locale?: string, style: "medium" | "long" = "medium"): string {
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso);
  let z = zone;
  try {
    format(locale, z, {});
  } catch {
    z = "UTC";
  }
  const parts = format(locale, z, {
    day: "numeric",
    month: style === "long" ? "long" : "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  }).formatToParts(date);
  const name = zoneName(date, z, locale);
  return parts.map((p) => (p.type === "timeZoneName" ? name : p.value)).join("");
}
