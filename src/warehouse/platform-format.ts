// The warehouse platform's wire formats of values its objects carry: timestamps and money (its door's
// request formats, dates it accepts and page URLs, are the door's: facades/compat/format.ts).

/** The platform's real timestamp format: `YYYY-MM-DD HH:MM:SS`, UTC. */
export function compatTimestamp(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return d.toISOString().slice(0, 19).replace("T", " ");
}

/** The core's exact decimal money as the platform's two places ("63.3" → "63.30", "1.005" → "1.01", half up). */
export function money2(amount: string | null | undefined): string {
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(amount ?? "");
  if (!m) return "0.00";
  const frac = (m[3] ?? "").padEnd(3, "0");
  const cents = BigInt(m[2] + frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1n : 0n);
  const text = cents.toString().padStart(3, "0");
  return `${m[1] && cents ? "-" : ""}${text.slice(0, -2)}.${text.slice(-2)}`;
}
