// One product bulk upload per store at a time, across replicas: a lease row in the database.
import { refuse } from "./refusals.js";
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { RequestContext } from "../core/context.js";
import { isUniqueViolation } from "../core/db-errors.js";

export const LOCK_LEASE_MS = Number(process.env.BULK_UPLOAD_LEASE_MS ?? 60_000);

// ─── The store lock (one upload per store, across replicas) ────────────────────

/** The lock holder's identity: a lock whose holder process is gone is taken over at once. */
const HOLDER_HOST = hostname();

/** Whether a process of this host with that pid still runs (EPERM: it runs under another user). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function acquireLock(ctx: RequestContext, storeId: string): Promise<string> {
  const token = randomBytes(12).toString("hex");
  const holder = { holderHost: HOLDER_HOST, holderPid: process.pid };
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = new Date();
    const expiresAt = new Date(now.getTime() + LOCK_LEASE_MS);
    try {
      await ctx.prisma.bulkUploadLock.create({ data: { storeId, token, expiresAt, ...holder } });
      return token;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
    const current = await ctx.prisma.bulkUploadLock.findUnique({ where: { storeId } });
    if (!current) continue; // released meanwhile
    // Take it over if its lease ran out, or at once if its holder was a process of this host that is
    // gone (killed mid-upload: its writes were per-family transactions, so nothing is half-written).
    const deadHolder =
      current.holderHost === HOLDER_HOST &&
      current.holderPid !== null &&
      current.holderPid !== process.pid &&
      !processAlive(current.holderPid);
    if (current.expiresAt.getTime() < now.getTime() || deadHolder) {
      // Compare-and-set on the token: of several racing takers, one wins.
      const stolen = await ctx.prisma.bulkUploadLock.updateMany({
        where: { storeId, token: current.token },
        data: { token, expiresAt, createdAt: now, ...holder },
      });
      if (stolen.count === 1) {
        ctx.log.warn(
          {
            storeId,
            previousHolder: { host: current.holderHost, pid: current.holderPid },
            reason: deadHolder ? "holder process gone" : "lease expired",
          },
          "took over a stale bulk-upload lock",
        );
        return token;
      }
      continue;
    }
    break;
  }
  throw refuse("PRODUCT_UPLOAD_RUNNING");
}

export async function releaseLock(ctx: RequestContext, storeId: string, token: string) {
  await ctx.prisma.bulkUploadLock.deleteMany({ where: { storeId, token } });
}
