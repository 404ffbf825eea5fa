// A tag on many returns (issue 34): the list reads the tag's returns by key, in chunks of ids when they are
// more than one statement may bind (Prisma binds at most 999 parameters on SQLite; at 1 000 000 returns a
// tag on one in a thousand answered 500), merging the chunks' pages in the list's order. Walking every page
// must give exactly the tagged returns, newest first, each once; the status tabs must count them all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTemplate, grow, makeTags, openScaleDb, subscribe } from "../../bench/scale/grow.js";
import { providers } from "../../support/env.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";

const PAGE = `query($s: ID!, $first: Int, $after: String, $search: String) {
  returns(storeId: $s, first: $first, after: $after, filter: { tag: "vip", search: $search }) {
    nodes { id } pageInfo { hasNextPage endCursor } statusCounts { status count } } }`;

describe.each(providers)("a tag on a thousand returns (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", ...NO_RATE_LIMITS });
    const db = await openScaleDb(provider, svc.databaseUrl);
    try {
      const template = await buildTemplate(svc, `tag-many-${provider}`);
      storeId = (await svc.createStore("Tagged")).id;
      secret = (await svc.createApiClient(storeId, "all")).secret;
      await subscribe(svc, storeId, secret);
      await makeTags(svc, storeId, secret);
      // 3 000 returns, `vip` on every third: 1 000 tagged returns, more than two chunks of ids.
      await grow(db, template.storeId, storeId, { first: 0, count: 3000, total: 3000, now: Math.floor(Date.now() / 1000), key: "t" });
    } finally {
      await db.close();
    }
  }, 120_000);
  afterAll(() => svc?.close());

  it("walks every tagged return once, newest first, in pages of any size, and counts them all", async () => {
    const prisma = svc.services.db.prisma;
    const tagged = await prisma.return.findMany({
      where: { storeId, tagLinks: { some: { tag: { name: "vip" } } } },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      select: { id: true, status: true },
    });
    expect(tagged).toHaveLength(1000);
    for (const first of [500, 37]) {
      const seen: string[] = [];
      let after: string | null = null;
      do {
        const res: { data: any; errors?: unknown } = await svc.http.graphql(PAGE, { s: storeId, first, after }, secret);
        expect(res.errors).toBeUndefined();
        seen.push(...res.data.returns.nodes.map((n: { id: string }) => n.id));
        after = res.data.returns.pageInfo.hasNextPage ? res.data.returns.pageInfo.endCursor : null;
        const counts = Object.fromEntries(res.data.returns.statusCounts.map((c: { status: string; count: number }) => [c.status, c.count]));
        for (const status of new Set(tagged.map((t) => t.status)))
          expect(counts[status]).toBe(tagged.filter((t) => t.status === status).length);
      } while (after);
      expect(seen).toEqual(tagged.map((t) => t.id));
    }
    // Beside a search (its at most 500 newest matches): only returns both name.
    const both: { data: { returns: { nodes: { id: string }[] } }; errors?: unknown } = await svc.http.graphql(
      PAGE,
      { s: storeId, first: 500, search: "Turing" },
      secret,
    );
    expect(both.errors).toBeUndefined();
    const ids = both.data.returns.nodes.map((n) => n.id);
    expect(ids.length).toBeGreaterThan(0);
    const vip = new Set(tagged.map((t) => t.id));
    expect(ids.filter((id) => !vip.has(id))).toEqual([]);
  }, 60_000);
});
