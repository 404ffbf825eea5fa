// A job that works through rows due at a time (the email sender, the shop pusher): it runs once at start, after each
// run sleeps until the next row it knows is due (a retry, a lease left by a process that stopped), at most
// `idleMs` when it knows of none (a row another process committed), and a commit of this process on one of its
// topics wakes it at once. A kick during a run runs it again right after; an idle process asks the database once
// an interval, not every few seconds (issue 38).
import type { Services } from "./context.js";

export interface DueLoop {
  /** Runs now (or again right after the run in progress). */
  kick(): void;
  stop(): Promise<void>;
}

export interface DueLoopOptions {
  /** Named in the log when a run fails. */
  name: string;
  /** afterCommit topics that wake it. */
  topics: readonly string[];
  idleMs: number;
  runOnce(): Promise<unknown>;
  /** When the next row it knows of is due; null or undefined when none. */
  nextDueAt(): Promise<Date | null | undefined>;
}

export function startDueLoop(services: Services, opts: DueLoopOptions): DueLoop {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  async function nextWait(): Promise<number> {
    const at = (await opts.nextDueAt())?.getTime();
    return at === undefined ? opts.idleMs : Math.min(opts.idleMs, Math.max(0, at - Date.now()));
  }
  function arm() {
    if (stopped) return;
    void nextWait()
      .catch(() => opts.idleMs)
      .then((wait) => {
        if (stopped) return;
        if (timer) clearTimeout(timer);
        timer = setTimeout(kick, wait);
        timer.unref();
      });
  }
  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = opts
      .runOnce()
      .catch((err) => services.log.warn({ err }, `${opts.name} failed`))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        } else arm();
      });
  }
  const onCommit = (topic: string) => {
    if (opts.topics.includes(topic)) kick();
  };
  services.afterCommit.add(onCommit);
  kick();
  return {
    kick,
    async stop() {
      stopped = true;
      services.afterCommit.delete(onCommit);
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
