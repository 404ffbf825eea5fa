// Calendar dates in a store's IANA time zone, with Intl only (no time-zone library): the local date of an
// instant, and the instant a local day starts. Offsets are cached per zone and quarter hour, since every
// zone's offset changes only on a quarter hour and Intl is slow (the simulation evaluates 100 000 lines).

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, Map<number, number>>();
const QUARTER = 15 * 60_000;
const DAY = 86_400_000;

export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formatters.set(zone, f);
  }
  return f;
}

/** The zone's offset from UTC at `ms`, in milliseconds (local = UTC + offset). */
export function offsetAt(ms: number, zone: string): number {
  let byZone = offsets.get(zone);
  if (!byZone) offsets.set(zone, (byZone = new Map()));
  const bucket = Math.floor(ms / QUARTER);
  const hit = byZone.get(bucket);
  if (hit !== undefined) return hit;
  const at = bucket * QUARTER;
  const p: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(at))) if (part.type !== "literal") p[part.type] = Number(part.value);
  const local = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  const off = local - at;
  if (byZone.size > 200_000) byZone.clear();
  byZone.set(bucket, off);
  return off;
}

/** The local calendar day of `ms` in `zone`, as days since 1970-01-01. */
export function localDay(ms: number, zone: string): number {
  return Math.floor((ms + offsetAt(ms, zone)) / DAY);
}

/** The instant local day `day` (days since 1970-01-01) starts in `zone`: its midnight. */
export function startOfLocalDay(day: number, zone: string): number {
  const wall = day * DAY;
  let t = wall - offsetAt(wall, zone);
  t = wall - offsetAt(t, zone);
  return t;
}

/** "2026-11-20" → days since 1970-01-01. */
export function dayOfDate(date: string): number {
  let day = days.get(date);
  if (day === undefined) {
    day = Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY);
    if (days.size > 10_000) days.clear();
    days.set(date, day);
  }
  return day;
}
const days = new Map<string, number>();

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** "December 1, 2026": the local date of `ms` in `zone`, as a shopper reads it. */
export function longDate(ms: number, zone: string): string {
  const key = `${zone}|${localDay(ms, zone)}`;
  let text = longDates.get(key);
  if (text === undefined) {
    let f = dateFormatters.get(zone);
    if (!f) dateFormatters.set(zone, (f = new Intl.DateTimeFormat("en-US", { timeZone: zone, dateStyle: "long" })));
    text = f.format(ms);
    if (longDates.size > 100_000) longDates.clear();
    longDates.set(key, text);
  }
  return text;
}
const longDates = new Map<string, string>();
