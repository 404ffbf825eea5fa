// One periodic job at a time over every process on one database: a row per job (MaintenanceLease) that a
// process takes with a conditional update (free, lapsed, or already its own), renews between batches and
// gives back when done. Several replicas on one PostgreSQL, or a CLI run beside the server on SQLite,
// never sweep at once; a process that dies mid-sweep holds the job only until its lease lapses.
import type { PrismaClient } from "../db/client.js";
import { prismaErrorCode } from "../db/client.js";

/** How long a taken job stays its holder's without a renewal (a batch takes milliseconds). */
export const LEASE_MS = 5 * 60_000;

export interface Lease {
  name: string;
  owner: string;
  /** Where the job's walks resume (the events walks: see events.ts); null: from the beginning / not yet. */
  marks: Marks;
}

export interface Marks {
  expiredFrom: Date | null;
  recentFrom: Date | null;
}

export interface TakeOptions {
  /** Not taken when a run finished less than this long ago (replicas each ticking on their own). */
  minGapMs?: number;
}

/** Takes the job for `owner`, or null when another process holds it (or ran it less than minGapMs ago). */
export async function takeLease(prisma: PrismaClient, name: string, owner: string, opts: TakeOptions = {}): Promise<Lease | null> {
  const now = new Date();
  if (!(await prisma.maintenanceLease.findUnique({ where: { name }, select: { name: true } }))) {
    try {
      await prisma.maintenanceLease.create({ data: { name } });
    } catch (err) {
      if (prismaErrorCode(err) !== "P2002") throw err; // another process made it meanwhile
    }
  }
  const taken = await prisma.maintenanceLease.updateMany({
    where: {
      name,
      OR: [{ owner: null }, { leaseExpiresAt: null }, { leaseExpiresAt: { lt: now } }, { owner }],
      ...(opts.minGapMs
        ? { AND: [{ OR: [{ lastFinishedAt: null }, { lastFinishedAt: { lt: new Date(now.getTime() - opts.minGapMs) } }] }] }
        : {}),
    },
    data: { owner, leaseExpiresAt: new Date(now.getTime() + LEASE_MS), lastStartedAt: now },
  });
  if (!taken.count) return null;
  // Read once it is ours: the marks the last holder wrote when it gave the job back.
  const row = await prisma.maintenanceLease.findUnique({ where: { name } });
  return { name, owner, marks: { expiredFrom: row?.expiredFrom ?? null, recentFrom: row?.recentFrom ?? null } };
}

/** Extends the lease; false when it was lost (lapsed and taken by another process): stop at once. */
export async function renewLease(prisma: PrismaClient, lease: Lease): Promise<boolean> {
  const renewed = await prisma.maintenanceLease.updateMany({
    where: { name: lease.name, owner: lease.owner },
    data: { leaseExpiresAt: new Date(Date.now() + LEASE_MS) },
  });
  return renewed.count === 1;
}

/** Gives the job back, recording when it finished, what it did and where its walks reached. */
export async function releaseLease(
  prisma: PrismaClient,
  lease: Lease,
  outcome: { finished: boolean; result: Record<string, number>; marks: Marks },
): Promise<void> {
  await prisma.maintenanceLease.updateMany({
    where: { name: lease.name, owner: lease.owner },
    data: {
      owner: null,
      leaseExpiresAt: null,
      expiredFrom: outcome.marks.expiredFrom,
      recentFrom: outcome.marks.recentFrom,
      ...(outcome.finished ? { lastFinishedAt: new Date(), lastResult: JSON.stringify(outcome.result) } : {}),
    },
  });
}
