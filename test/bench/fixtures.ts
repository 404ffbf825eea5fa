// The data the read measures share, made once per database: a store with an all-scope API client,
// five orders pushed through the REST door, one return created through the door and RETURNS more
// inserted in bulk (two items each): test/support/returns-seed.ts, as the statement-count test uses.
import { seedReturns } from "../support/returns-seed.js";
import type { Ctx } from "./lib.js";

export interface ReadFixture {
  storeId: string;
  secret: string;
  /** The return made through REST (measure 1 reads it). */
  returnId: string;
  returns: number;
}

const RETURNS = 800;
const made = new WeakMap<object, Promise<ReadFixture>>();

export function readFixture(ctx: Ctx): Promise<ReadFixture> {
  let p = made.get(ctx.svc);
  if (!p) {
    p = make(ctx);
    made.set(ctx.svc, p);
  }
  return p;
}

async function make({ svc }: Ctx): Promise<ReadFixture> {
  return { ...(await seedReturns(svc, "bench", RETURNS)), returns: RETURNS };
}
