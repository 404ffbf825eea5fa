// A tag's returns are read along its links, which carry their return's createdAt and status, and its
// status tabs from ReturnTagCount; triggers keep both (the migration tag_list_order). Whatever happens
// through the doors (returns made, statuses set, tags added, removed, deleted and made again) and by hand (a
// return's createdAt moved), every tag's list, in pages of any size, both orders and under a status, and
// its tabs and its return count must say what the returns and their tags say (the oracle: Prisma's own
// filter on the returns, which reads no copy).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETURN_STATUSES } from "../../../src/returns/transitions.js";
import { providers } from "../../support/env.js";
import { customOrderBody } from "../../support/orders.js";
import { applyReturnStep, pick, type ReturnStep, returnSteps } from "../../support/random-returns.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";

const TAGS = ["gift", "vip", "fraud-check"];
const DAY = 86_400_000;
const PAGE = `query($s: ID!, $first: Int, $after: String, $tag: String, $status: ReturnStatus, $sort: ReturnSort) {
  returns(storeId: $s, first: $first, after: $after, filter: { tag: $tag, status: $status }, sort: $sort) {
    nodes { id } pageInfo { hasNextPage endCursor } statusCounts { status count } } }`;
const TAG_COUNTS = `query($s: ID!) { returnTags(storeId: $s) { name returnCount } }`;

type Op =
  | { kind: "order" }
  | ReturnStep
  | { kind: "tag" | "untag"; ret: number; tags: number[] }
  | { kind: "deleteTag"; tag: number }
  | { kind: "backdate"; ret: number; days: number };

const tagIndexes = fc.uniqueArray(fc.nat(TAGS.length - 1), { minLength: 1, maxLength: TAGS.length });
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: "order" as const }) },
  ...returnSteps(["complete", "open", "flagged", "rejected", "deleted", "in_review"], 3),
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("tag" as const), ret: fc.nat(), tags: tagIndexes }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("untag" as const), ret: fc.nat(), tags: tagIndexes }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("deleteTag" as const), tag: fc.nat(TAGS.length - 1) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("backdate" as const), ret: fc.nat(), days: fc.integer({ min: 0, max: 40 }) }) },
);

describe.each(providers)("a tag's list and tabs from its links (%s)", (provider) => {
  let svc: TestService;
  let run = 0;

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", ...NO_RATE_LIMITS });
  });
  afterAll(() => svc?.close());

  async function apply(storeId: string, secret: string, ops: Op[]) {
    const orders: { id: string; body: ReturnType<typeof customOrderBody> }[] = [];
    const returns: { id: string; items: string[] }[] = [];
    const gql = async (query: string, variables: Record<string, unknown>) => {
      const res = await svc.http.graphql(query, variables, secret);
      expect(res.errors?.map((e: { message: string }) => e.message)).toBeUndefined();
    };
    for (const o of ops) {
      if (o.kind === "order") {
        const id = `o${run}-${orders.length}`;
        const body = customOrderBody({ id, name: `#${id}`, lines: [{ id: `${id}-0`, quantity: 3, price: "10.00" }] });
        expect((await svc.http.post(`/v2.2/stores/${storeId}/custom/orders`, body, { token: secret })).status).toBe(200);
        orders.push({ id, body });
      } else if (o.kind === "return" || o.kind === "process" || o.kind === "status") {
        await applyReturnStep({ http: svc.http, storeId, secret, orders, returns }, o);
      } else if (o.kind === "tag" || o.kind === "untag") {
        const ret = pick(returns, o.ret);
        if (!ret) continue;
        const names = o.tags.map((t) => TAGS[t]);
        if (o.kind === "tag")
          for (const name of names)
            await gql(`mutation($s: ID!, $n: String!) { upsertReturnTag(storeId: $s, name: $n, pillTheme: NORMAL) { name } }`, {
              s: storeId,
              n: name,
            });
        await gql(`mutation($id: ID!, $n: [String!]!) { ${o.kind}Return(id: $id, names: $n) { id } }`, { id: ret.id, n: names });
      } else if (o.kind === "deleteTag") {
        const name = TAGS[o.tag];
        const tag = await svc.services.db.prisma.returnTag.findUnique({ where: { storeId_name: { storeId, name } } });
        if (tag) await gql(`mutation($s: ID!, $n: String!) { deleteReturnTag(storeId: $s, name: $n) }`, { s: storeId, n: name });
      } else if (o.kind === "backdate") {
        const ret = pick(returns, o.ret);
        if (!ret) continue;
        // By hand, as a tool or an operator might: the links follow any write, not only the service's.
        const at = new Date(Date.now() - o.days * DAY - (o.ret % 7) * 3_600_000);
        await svc.services.db.prisma.return.updateMany({ where: { id: ret.id }, data: { createdAt: at } });
      }
    }
  }

  /** Every page of a list, `first` at a time. */
  async function walk(storeId: string, secret: string, first: number, filter: { tag: string; status?: string; sort?: string }) {
    const ids: string[] = [];
    let after: string | null = null;
    let counts: unknown = null;
    for (let pages = 0; pages < 200; pages++) {
      const res: { data: any; errors?: { message: string }[] } = await svc.http.graphql(
        PAGE,
        { s: storeId, first, after, ...filter },
        secret,
      );
      expect(res.errors?.map((e: { message: string }) => e.message)).toBeUndefined();
      ids.push(...res.data.returns.nodes.map((n: { id: string }) => n.id));
      counts ??= res.data.returns.statusCounts;
      if (!res.data.returns.pageInfo.hasNextPage) return { ids, counts };
      after = res.data.returns.pageInfo.endCursor;
    }
    throw new Error("more than 200 pages");
  }

  it("say what the returns and their tags say after any sequence of changes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 8, maxLength: 30 }), fc.integer({ min: 1, max: 4 }), async (ops, first) => {
        run++;
        const storeId = (await svc.createStore(`Tagged ${run}`)).id;
        const { secret } = await svc.createApiClient(storeId, "all");
        // Six orders with a return each first, so every run has returns to tag, move and walk.
        const prelude: Op[] = [0, 1, 2, 3, 4, 5].flatMap((i) => [
          { kind: "order" as const },
          { kind: "return" as const, order: i, picks: [{ line: 0, quantity: 1, reason: i % 4, credit: false }] },
        ]);
        await apply(storeId, secret, [...prelude, ...ops]);
        const prisma = svc.services.db.prisma;
        const listed = await svc.http.graphql(TAG_COUNTS, { s: storeId }, secret);
        for (const tag of TAGS) {
          const carried = await prisma.return.findMany({
            where: { storeId, tagLinks: { some: { tag: { name: tag } } } },
            orderBy: [{ createdAt: "desc" }, { id: "desc" }],
            select: { id: true, status: true },
          });
          const newest = await walk(storeId, secret, first, { tag });
          expect(newest.ids).toEqual(carried.map((r) => r.id));
          expect(newest.counts).toEqual(
            RETURN_STATUSES.map((status) => ({ status, count: carried.filter((r) => r.status === status).length })),
          );
          const oldest = await walk(storeId, secret, first, { tag, sort: "OLDEST" });
          expect(oldest.ids).toEqual(carried.map((r) => r.id).reverse());
          for (const status of new Set(carried.map((r) => r.status)))
            expect((await walk(storeId, secret, first, { tag, status })).ids).toEqual(
              carried.filter((r) => r.status === status).map((r) => r.id),
            );
          const catalogued = listed.data.returnTags.find((t: { name: string }) => t.name === tag);
          if (catalogued) expect(catalogued.returnCount).toBe(carried.length);
        }
      }),
      { numRuns: Number(process.env.TAG_RUNS ?? 8) },
    );
  }, 180_000);
});
