// The customers' returns a whole simulation run needs, read in one pass (src/policy/sim-read.ts): the run
// reads the store's returns oldest first, so once a chunk's window lies inside the range, the returns of
// that window are the chunks already read (before that, sim-read.ts looks the chunk's customers up). Kept by
// customer record and by e-mail, each customer's dates oldest first; what falls out of the window of the
// chunk being read is dropped, so memory holds one window of returns (~120 000 at 90 days and 1 000 000
// returns in two years). The same rows as the per-chunk lookup: every return of the store whose order
// names the customer's record (or, for an order without one, its e-mail).

/** One return as the history sees it: its order's customer record and e-mail, and when it was created. */
export interface HistoryEntry {
  rec: string | null;
  email: string | null;
  at: number;
}

export class HistoryWindow {
  // A customer's dates: one number while it has one (most), an array from its second on (fewer allocations,
  // the window holds tens of thousands of customers).
  private readonly byRec = new Map<string, number | number[]>();
  /** Built from the queue when first asked (an order without a customer record is rare), kept from then on. */
  private byEmail: Map<string, number | number[]> | null = null;
  /** Every entry held, oldest first (appended in creation order), so the oldest leave first. */
  private readonly queue: HistoryEntry[] = [];
  private head = 0;

  constructor(private readonly windowMs: number) {}

  /** Adds returns, each no older than any added before (the run's order). */
  add(entries: Iterable<HistoryEntry>): void {
    const byEmail = this.byEmail;
    for (const e of entries) {
      this.queue.push(e);
      if (e.rec) push(this.byRec, e.rec, e.at);
      if (e.email && byEmail) push(byEmail, e.email, e.at);
    }
  }

  /** Drops the returns created before `at − window` (no return from `at` on looks at them). */
  forgetBefore(at: number): void {
    const limit = at - this.windowMs;
    const byEmail = this.byEmail;
    while (this.head < this.queue.length && this.queue[this.head]!.at < limit) {
      const e = this.queue[this.head++]!;
      if (e.rec) shift(this.byRec, e.rec);
      if (e.email && byEmail) shift(byEmail, e.email);
    }
    if (this.head > 50_000 && this.head * 2 > this.queue.length) {
      this.queue.splice(0, this.head);
      this.head = 0;
    }
  }

  /** The creation times held of the customer's returns (by record, else by e-mail), oldest first. */
  datesOf(rec: string | null, email: string | null): readonly number[] {
    const v = rec ? this.byRec.get(rec) : email ? this.emails().get(email) : undefined;
    return v === undefined ? NONE : typeof v === "number" ? [v] : v;
  }

  private emails(): Map<string, number | number[]> {
    if (!this.byEmail) {
      this.byEmail = new Map();
      for (let i = this.head; i < this.queue.length; i++) {
        const e = this.queue[i]!;
        if (e.email) push(this.byEmail, e.email, e.at);
      }
    }
    return this.byEmail;
  }
}

const NONE: readonly number[] = [];

function push(m: Map<string, number | number[]>, k: string, at: number) {
  const v = m.get(k);
  if (v === undefined) m.set(k, at);
  else if (typeof v === "number") m.set(k, [v, at]);
  else v.push(at);
}

function shift(m: Map<string, number | number[]>, k: string) {
  const v = m.get(k);
  if (v === undefined) return;
  if (typeof v === "number") m.delete(k);
  else {
    v.shift();
    if (v.length === 1) m.set(k, v[0]!);
  }
}
