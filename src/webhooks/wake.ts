// How the dispatcher's loop waits: for a wake-up (a commit, a freed slot, a recorded batch) or the poll
// interval (idle), and, when busy, for a batch's worth of exchanges to end before it claims or writes (gather).

/** How long a busy process's claim waits at most for a batch's worth of freed slots (see gather). */
export const GATHER_MAX_MS = 50;

export class Wakeups {
  private wakeUp: (() => void) | null = null;
  private woken = false;
  /** Called when an exchange ends and when an outcome is queued: gather's waiter checks whether it has enough. */
  private waiter: (() => void) | null = null;

  /** @param sending HTTP exchanges in flight now. */
  constructor(private readonly sending: () => number) {}

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** An exchange ended or an outcome was queued: lets a gathering waiter check whether it has enough. */
  progressed(): void {
    this.waiter?.();
  }

  /** Waits for a wake-up or the poll interval; true when the poll interval elapsed. */
  async idle(ms: number): Promise<boolean> {
    if (this.woken) {
      this.woken = false;
      return false;
    }
    const polled = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(true), ms);
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve(false);
      };
    });
    this.wakeUp = null;
    this.woken = false;
    return polled;
  }

  /**
   * Waits while HTTP exchanges are still in flight, until `enough()` (a batch's worth has ended), none is in
   * flight any more, or GATHER_MAX_MS passed: freed slots are then claimed, and outcomes written, in one
   * statement each, and a batch is as large with three replicas as with one (see claim.ts). An idle
   * process never waits: the first event after a quiet spell is claimed and recorded at once.
   */
  async gather(enough: () => boolean, maxMs = GATHER_MAX_MS): Promise<void> {
    if (this.sending() === 0 || enough()) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, maxMs);
      const previous = this.waiter;
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waiter = () => {
        previous?.();
        if (this.sending() === 0 || enough()) done();
      };
    });
    this.waiter = null;
  }
}
