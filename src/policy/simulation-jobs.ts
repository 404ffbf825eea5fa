// A policy simulation over a whole range, in the background: `startPolicySimulation` takes the store's one
// place (PolicySimulationRun.runningStoreId is unique: a second start is refused by the database, whichever
// replica it reaches), answers at once, and the process that took it works through the range a chunk at a
// time (src/policy/sim-read.ts), writing after each chunk how far it got and reading back whether the
// merchant asked it to stop. The range is cut in parts evaluated on worker threads at once, each on its own
// connection (src/policy/sim-threads.ts, SIMULATION_THREADS), their figures added; the loop is the same. The dashboard
// polls `policySimulationRun`. A run whose process stopped writing (crashed, or was stopped while it ran)
// gives its place up to the next start after STALE_MS.
import { refuse } from "./refusals.js";
import { LIST_BOUNDS } from "../core/bounds.js";
import type { RequestContext, Services } from "../core/context.js";
import { isUniqueViolation } from "../core/db-errors.js";
import { newId } from "../core/ids.js";
import type { PrismaClient } from "../db/client.js";
import type { ThreadConnection } from "../db/url.js";
import { actorName } from "../returns/service.js";
import { type PartRange, SimulationThreads } from "./sim-threads.js";
import { type AffectedReturn, reportMoney, Simulation } from "./simulate.js";
import { type Prepared, prepareSimulation } from "./simulation-run.js";

/** A running run that has not written for this long is taken as dead (a chunk takes well under a second). */
export const STALE_MS = 60_000;
/** Progress is written at most this often (and after the last chunk). */
const PROGRESS_EVERY_MS = 250;
/** The affected returns kept on the run, first ones first (the count is always whole). */
export const AFFECTED_KEPT = LIST_BOUNDS.simulationAffected;

export type RunRow = NonNullable<Awaited<ReturnType<PrismaClient["policySimulationRun"]["findUnique"]>>>;

export interface RunResult {
  money: ReturnType<Simulation["report"]>;
  affected: AffectedReturn[];
  affectedCount: number;
}

/** The runs each service of this process is working on, so that closing it stops them (facades/server.ts). */
const workingBy = new WeakMap<Services, Map<string, { stop: () => void; done: Promise<void> }>>();
const workingOf = (services: Services) => {
  let m = workingBy.get(services);
  if (!m) workingBy.set(services, (m = new Map()));
  return m;
};

function busy(row: RunRow) {
  return refuse("SIMULATION_RUNNING", {
    runId: row.id,
    startedAt: row.startedAt.toISOString(),
    done: row.returnsDone,
    total: row.returnsTotal,
  });
}

export async function startRun(ctx: RequestContext, storeId: string, args: { from: Date | string; to: Date | string }) {
  const prepared = await prepareSimulation(ctx, storeId, args.from, args.to, true);
  const actor = ctx.actor();
  const name = await actorName(ctx, ctx.prisma as unknown as Parameters<typeof actorName>[1]);
  const data = {
    storeId,
    runningStoreId: storeId,
    status: "running",
    rangeFrom: prepared.from,
    rangeTo: prepared.to,
    startedByType: actor.type,
    startedById: actor.id,
    startedByName: name,
    publishedVersion: prepared.published?.number ?? null,
  };
  const create = () => ctx.prisma.policySimulationRun.create({ data: { id: newId("psr"), ...data } });
  let row: RunRow;
  try {
    row = await create();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const running = await ctx.prisma.policySimulationRun.findUnique({ where: { runningStoreId: storeId } });
    if (running && running.heartbeatAt.getTime() > Date.now() - STALE_MS) throw busy(running);
    // Its process stopped writing: the place is given up (only if nobody wrote since), then taken once more.
    if (running) await release(ctx.prisma, running.id, "failed", "The simulation stopped: the service running it went away.", true);
    try {
      row = await create();
    } catch (again) {
      if (!isUniqueViolation(again)) throw again;
      const other = await ctx.prisma.policySimulationRun.findUnique({ where: { runningStoreId: storeId } });
      throw other ? busy(other) : again;
    }
  }
  // Counted once the place is taken (a refused start costs no count).
  const total = await prepared.reader.count();
  row = await ctx.prisma.policySimulationRun.update({ where: { id: row.id }, data: { returnsTotal: total } });
  launch(ctx.services, row.id, prepared, total);
  return row;
}

/** Ends a run and gives the store's place up; `stale`: only if its process has not written since. */
async function release(prisma: PrismaClient, id: string, status: string, error: string | null, stale = false, result?: RunResult) {
  await prisma.policySimulationRun.updateMany({
    where: { id, runningStoreId: { not: null }, ...(stale ? { heartbeatAt: { lt: new Date(Date.now() - STALE_MS) } } : {}) },
    data: { status, error, runningStoreId: null, finishedAt: new Date(), ...(result ? { result: JSON.stringify(result) } : {}) },
  });
}

function launch(services: Services, id: string, p: Prepared, total: number) {
  let stopped = false;
  const done = work(services, id, p, total, () => stopped)
    .catch(async (err) => {
      services.log.error({ err, runId: id }, "policy simulation failed");
      await release(services.db.prisma, id, "failed", "The simulation failed; start it again.").catch(() => {});
    })
    .finally(() => workingOf(services).delete(id));
  workingOf(services).set(id, { stop: () => (stopped = true), done });
}

async function work(services: Services, id: string, p: Prepared, total: number, stopping: () => boolean) {
  // The range in parts of about equal returns, each read and evaluated on a thread of its own.
  const { threads } = services.config.simulation;
  const connection = services.db.threadConnection;
  if (connection && threads > 1 && total > 1) {
    const started = Date.now();
    const parts = await p.reader.parts(threads, total);
    const on =
      parts.length > 1
        ? await startThreads(services, connection, parts, p).catch((err) => {
            // The worker's code could not be built (esbuild missing, say): the run goes on one thread.
            services.log.warn({ err, runId: id }, "policy simulation threads unavailable: run on one thread");
            return null;
          })
        : null;
    if (on) return workOnThreads(services, id, on, started, stopping);
  }
  // Its reads on their own connection and thread (SQLite; PostgreSQL's pool), so the next chunk is read while
  // this one is evaluated.
  const aside = services.db.readAside();
  p.reader.readWith(aside.readRows);
  try {
    await workThrough(services, id, p, stopping);
  } finally {
    await aside.close();
  }
}

async function workThrough(services: Services, id: string, p: Prepared, stopping: () => boolean) {
  const { prisma } = services.db;
  const { chunk: size, pauseMs, maxSeconds } = services.config.simulation;
  // The run's time bound (a store's range may hold tens of millions of lines): past it, the figures so far.
  const deadline = Date.now() + maxSeconds * 1000;
  const sim = new Simulation(p.draft, p.published);
  const affected: AffectedReturn[] = [];
  let affectedCount = 0;
  let returnsDone = 0;
  let written = 0;
  let next = p.reader.chunk(null, size);
  for (;;) {
    const c = await next;
    const end = !c.last || c.read < size;
    if (!end) {
      next = p.reader.chunk(c.last, size);
      next.catch(() => {}); // awaited below; a run that stops first leaves it unread
    }
    for (const r of c.returns) {
      const changed = sim.add(r);
      if (!changed) continue;
      affectedCount++;
      if (affected.length < AFFECTED_KEPT) affected.push(changed);
    }
    returnsDone += c.read;
    if (end) break;
    if (Date.now() >= deadline) {
      const coveredTo = new Date(c.last!.at);
      await prisma.policySimulationRun.update({
        where: { id },
        data: { returnsDone, linesDone: sim.lines, heartbeatAt: new Date(), coveredTo },
      });
      await release(prisma, id, "limited", null, false, { money: sim.report(), affected, affectedCount });
      return;
    }
    if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    if (stopping()) {
      await release(prisma, id, "failed", "The simulation stopped: the service running it was shut down.");
      return;
    }
    if (pauseMs || Date.now() - written >= PROGRESS_EVERY_MS) {
      written = Date.now();
      const row = await prisma.policySimulationRun.update({
        where: { id },
        data: { returnsDone, linesDone: sim.lines, heartbeatAt: new Date() },
        select: { cancelRequested: true },
      });
      if (row.cancelRequested) {
        await release(prisma, id, "cancelled", null);
        return;
      }
    }
  }
  await prisma.policySimulationRun.update({ where: { id }, data: { returnsDone, linesDone: sim.lines, heartbeatAt: new Date() } });
  await release(prisma, id, "completed", null, false, { money: sim.report(), affected, affectedCount });
}

/** One worker thread per part (src/policy/sim-threads.ts). */
function startThreads(services: Services, connection: ThreadConnection, parts: PartRange[], p: Prepared) {
  const { chunk, pauseMs } = services.config.simulation;
  return SimulationThreads.start(connection, parts, {
    storeId: p.storeId,
    historyDays: p.historyDays,
    draft: p.draft,
    published: p.published,
    chunk,
    pauseMs,
    kept: AFFECTED_KEPT,
  });
}

/** As `workThrough`, the parts on their threads; the figures before the end cover a prefix of the range. */
async function workOnThreads(services: Services, id: string, threads: SimulationThreads, started: number, stopping: () => boolean) {
  const { prisma } = services.db;
  const { pauseMs } = services.config.simulation;
  const deadline = started + services.config.simulation.maxSeconds * 1000;
  const result = (c: ReturnType<SimulationThreads["covered"]>): RunResult => ({
    money: reportMoney(c.money),
    affected: c.affected,
    affectedCount: c.affectedCount,
  });
  let written = 0;
  try {
    for (;;) {
      await threads.next();
      if (threads.done) break;
      const c = Date.now() >= deadline ? threads.covered() : null;
      if (c?.last) {
        // The bound: the figures of the range's prefix checked, up to its last return.
        const data = { returnsDone: c.read, linesDone: c.lines, heartbeatAt: new Date(), coveredTo: new Date(c.last.at) };
        await prisma.policySimulationRun.update({ where: { id }, data });
        await release(prisma, id, "limited", null, false, result(c));
        return;
      }
      if (stopping()) {
        await release(prisma, id, "failed", "The simulation stopped: the service running it was shut down.");
        return;
      }
      if (pauseMs || Date.now() - written >= PROGRESS_EVERY_MS) {
        written = Date.now();
        const { read, lines } = threads.progress();
        const row = await prisma.policySimulationRun.update({
          where: { id },
          data: { returnsDone: read, linesDone: lines, heartbeatAt: new Date() },
          select: { cancelRequested: true },
        });
        if (row.cancelRequested) {
          await release(prisma, id, "cancelled", null);
          return;
        }
      }
    }
    const c = threads.covered();
    await prisma.policySimulationRun.update({ where: { id }, data: { returnsDone: c.read, linesDone: c.lines, heartbeatAt: new Date() } });
    await release(prisma, id, "completed", null, false, result(c));
  } finally {
    await threads.close();
  }
}

/** Asks the store's run to stop; it ends after its current chunk. A run whose process is gone ends at once. */
export async function cancelRun(ctx: RequestContext, storeId: string, id: string) {
  const row = await ctx.prisma.policySimulationRun.findFirst({ where: { id, storeId } });
  if (!row) throw refuse("SIMULATION_NOT_FOUND", { id });
  if (row.status !== "running") return row;
  await ctx.prisma.policySimulationRun.updateMany({ where: { id, status: "running" }, data: { cancelRequested: true } });
  if (!workingOf(ctx.services).has(id) && row.heartbeatAt.getTime() < Date.now() - STALE_MS) {
    await ctx.prisma.policySimulationRun.updateMany({
      where: { id, runningStoreId: { not: null }, heartbeatAt: { lt: new Date(Date.now() - STALE_MS) } },
      data: { status: "cancelled", runningStoreId: null, finishedAt: new Date() },
    });
  }
  return (await ctx.prisma.policySimulationRun.findUnique({ where: { id } }))!;
}

/** The store's run by id, or its latest (null when it has none). */
export function getRun(ctx: RequestContext, storeId: string, id?: string | null) {
  return id
    ? ctx.prisma.policySimulationRun.findFirst({ where: { id, storeId } })
    : ctx.prisma.policySimulationRun.findFirst({ where: { storeId }, orderBy: { startedAt: "desc" } });
}

/** Stops this process's runs (the service is closing): each ends as failed after its chunk, its place given up. */
export async function stopRuns(services: Services): Promise<void> {
  const all = [...workingOf(services).values()];
  for (const w of all) w.stop();
  await Promise.all(all.map((w) => w.done));
}
