// The list endpoint as real clients drive it (follow nextPageUrl verbatim; or re-send only paginate,
// pageSize and cursor), its window / filter / state rules and 422s, and the ASN report.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { UNAUTHORIZED, compatClient, compatReturn, type CompatFixture } from "../../support/compat.js";

const fmt = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");
const DAY = 24 * 3600_000;

describe.each(providers)("compat list and ASN (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let c: ReturnType<typeof compatClient>;
  /** Open (default-listed) returns created now, plus a cancelled and an in-review one. */
  let listed: CompatFixture[];
  let cancelled: CompatFixture;
  let review: CompatFixture;
  let old: CompatFixture;
  let oldAt: Date;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Compat list store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    c = compatClient(svc, secret);
    listed = [];
    for (let i = 0; i < 7; i++) listed.push(await compatReturn(svc, storeId, secret, { lines: 1 }));
    // A closed one is listed by default too.
    expect((await c.post(`/return/${listed[6].compatId}/close`)).body).toBe(true);
    cancelled = await compatReturn(svc, storeId, secret, { lines: 1 });
    expect((await c.post(`/return/${cancelled.compatId}/cancel`)).body).toBe(true);
    review = await compatReturn(svc, storeId, secret, { lines: 2 });
    const p = await svc.http.post(
      `/v2.2/returns/${review.id}/process`,
      { products: [{ _id: review.itemIds[0], processInput: { restock: true } }] },
      { token: secret },
    );
    expect(p.status).toBeLessThan(300);
    // One created (and last updated) ten days ago.
    old = await compatReturn(svc, storeId, secret, { lines: 2 });
    oldAt = new Date(Date.now() - 10 * DAY);
    await svc.services.db.prisma.return.update({ where: { id: old.id }, data: { createdAt: oldAt, updatedAt: oldAt } });
  });
  afterAll(() => svc?.close());

  const ids = (rows: any[]) => rows.map((r) => r.service_id);
  const defaultSet = () => listed.map((f) => f.id).sort();

  it("without paginate: a bare array of the last 24 hours, default states, ids as strings", async () => {
    const res = await c.get("/return/list");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(ids(res.body).sort()).toEqual(defaultSet());
    const first = res.body.find((r: any) => r.service_id === listed[0].id);
    expect(first.id).toBe(String(listed[0].compatId));
    expect(first.line_items[0].line_item_id).toBe(listed[0].itemIds[0]);
    expect(first).toMatchObject({ state: "open", total: "41.00" });
    // Oldest first.
    const created = res.body.map((r: any) => r.created_at);
    expect([...created].sort()).toEqual(created);
    expect(res.body.find((r: any) => r.service_id === listed[6].id).state).toBe("closed");
  });

  it("follows nextPageUrl verbatim until null, seeing every return exactly once", async () => {
    const seen: string[] = [];
    let res = await c.get("/return/list?paginate=true&pageSize=3&filter=created_at");
    expect(res.status).toBe(200);
    expect(res.body.previousPageUrl).toBeNull();
    let pages = 0;
    for (;;) {
      pages++;
      expect(res.body.returns.length).toBeLessThanOrEqual(3);
      seen.push(...ids(res.body.returns));
      const next: string | null = res.body.nextPageUrl;
      if (!next) break;
      const u = new URL(next);
      expect(u.origin).toBe(new URL(svc.url).origin);
      expect(u.searchParams.get("filter")).toBe("created_at");
      expect(u.searchParams.get("paginate")).toBe("true");
      expect(u.searchParams.get("pageSize")).toBe("3");
      res = await c.getUrl(next);
      expect(res.status).toBe(200);
      expect(res.body.previousPageUrl).toMatch(/^http/);
    }
    expect(pages).toBe(3);
    expect([...seen].sort()).toEqual(defaultSet());
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("re-sending only paginate, pageSize and cursor walks the same list (and a cursor alone pages too)", async () => {
    const seen: string[] = [];
    const from = encodeURIComponent(fmt(new Date(Date.now() - 2 * DAY)));
    const to = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    let res = await c.get(`/return/list?paginate=true&pageSize=2&from=${from}&to=${to}&state=`);
    for (;;) {
      seen.push(...ids(res.body.returns));
      if (!res.body.nextPageUrl) break;
      const cursor = new URL(res.body.nextPageUrl).searchParams.get("cursor")!;
      res = await c.get(`/return/list?paginate=true&pageSize=2&cursor=${encodeURIComponent(cursor)}`);
      expect(res.status).toBe(200);
    }
    expect([...seen].sort()).toEqual(defaultSet());
    expect(new Set(seen).size).toBe(seen.length);

    const first = await c.get("/return/list?paginate=true&pageSize=4");
    const cursor = new URL(first.body.nextPageUrl).searchParams.get("cursor")!;
    const bare = await c.get(`/return/list?cursor=${encodeURIComponent(cursor)}`);
    expect(bare.status).toBe(200);
    expect(Object.keys(bare.body).sort()).toEqual(["nextPageUrl", "previousPageUrl", "returns"]);
    expect(ids(bare.body.returns)).toHaveLength(3);
  });

  it("previousPageUrl leads back to the page before", async () => {
    const p1 = await c.get("/return/list?paginate=true&pageSize=3");
    const p2 = await c.getUrl(p1.body.nextPageUrl);
    const back = await c.getUrl(p2.body.previousPageUrl);
    expect(ids(back.body.returns)).toEqual(ids(p1.body.returns));
    expect(back.body.nextPageUrl).toMatch(/^http/);
  });

  it("state, filter and window rules", async () => {
    const state = async (s: string) => ids((await c.get(`/return/list?state=${s}`)).body);
    expect(await state("cancelled")).toEqual([cancelled.id]);
    expect(await state("review")).toEqual([review.id]);
    expect(await state("closed")).toEqual([listed[6].id]);
    expect(await state("expired")).toEqual([]);
    expect((await state("open")).sort()).toEqual(
      listed
        .slice(0, 6)
        .map((f) => f.id)
        .sort(),
    );
    // The old return: outside the default window, inside an explicit one.
    const window = (q: string) => c.get(`/return/list?${q}`).then((r) => ids(r.body));
    expect(await window("")).not.toContain(old.id);
    const from = encodeURIComponent(fmt(new Date(Date.now() - 11 * DAY)));
    const to = encodeURIComponent(fmt(new Date(Date.now() - 9 * DAY)));
    expect(await window(`from=${from}&to=${to}`)).toEqual([old.id]);
    // from alone: the 24 hours after it.
    expect(await window(`from=${encodeURIComponent(fmt(new Date(oldAt.getTime() - 12 * 3600_000)))}`)).toEqual([old.id]);
    expect(await window(`from=${encodeURIComponent(fmt(new Date(oldAt.getTime() - 25 * 3600_000)))}`)).toEqual([]);
    expect(
      await window(
        `from=${encodeURIComponent(new Date(Date.now() - 11 * DAY).toISOString())}&to=${encodeURIComponent(new Date(Date.now() - 9 * DAY).toISOString())}`,
      ),
    ).toEqual([old.id]);
    // filter=updated_at: touch the old return now, and it enters the default updated_at window.
    expect(await window("filter=updated_at")).not.toContain(old.id);
    expect((await c.post(`/return/${old.compatId}/note`, { content: "touched" })).body).toBe(true);
    expect(await window("filter=updated_at")).toContain(old.id);
    expect(await window("filter=created_at")).not.toContain(old.id);
  });

  it("refuses bad parameters with the 422 envelope naming the field", async () => {
    const cases: [string, string, string][] = [
      ["from=yesterday", "from", "The from is not a valid date: use YYYY-MM-DD, YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601."],
      ["from=2026-01-01&to=2026-06-01", "to", "The to must be a date within 120 days of from."],
      ["from=2026-02-01&to=2026-01-01", "from", "The from must be a date before or equal to to."],
      ["filter=deleted_at", "filter", "The selected filter is invalid: use created_at or updated_at."],
      ["state=flagged", "state", "The selected state is invalid: use one of open, closed, cancelled, expired, review."],
      ["paginate=true&pageSize=751", "pageSize", "The page size must be between 1 and 750."],
      ["paginate=true&pageSize=0", "pageSize", "The page size must be between 1 and 750."],
      ["paginate=true&pageSize=ten", "pageSize", "The pageSize must be an integer."],
      ["paginate=maybe", "paginate", "The paginate field must be true or false."],
      ["paginate=true&cursor=garbage", "cursor", "The cursor is invalid: use nextPageUrl / previousPageUrl (or their cursor) unchanged."],
    ];
    for (const [q, field, message] of cases) {
      const res = await c.get(`/return/list?${q}`);
      expect(res.status, q).toBe(422);
      expect(res.body, q).toEqual({ message, errors: { [field]: [message] } });
    }
    // Every problem of the request at once, the first as the message.
    const many = await c.get("/return/list?from=yesterday&to=soon&paginate=maybe&pageSize=ten");
    expect(many.status).toBe(422);
    expect(many.body).toEqual({
      message: "The paginate field must be true or false. (and 3 more errors)",
      errors: {
        paginate: ["The paginate field must be true or false."],
        pageSize: ["The pageSize must be an integer."],
        from: ["The from is not a valid date: use YYYY-MM-DD, YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601."],
        to: ["The to is not a valid date: use YYYY-MM-DD, YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601."],
      },
    });
    // The core's problems (page size, cursor, state) join the door's (the date) in the same 422.
    const mixed = await c.get("/return/list?from=yesterday&state=flagged&paginate=TRUE&pageSize=751&cursor=garbage");
    expect(mixed.status).toBe(422);
    expect(mixed.body).toEqual({
      message: "The from is not a valid date: use YYYY-MM-DD, YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601. (and 3 more errors)",
      errors: {
        from: ["The from is not a valid date: use YYYY-MM-DD, YYYY-MM-DD HH:MM:SS (UTC) or ISO 8601."],
        pageSize: ["The page size must be between 1 and 750."],
        cursor: ["The cursor is invalid: use nextPageUrl / previousPageUrl (or their cursor) unchanged."],
        state: ["The selected state is invalid: use one of open, closed, cancelled, expired, review."],
      },
    });
    const coreOnly = await c.get("/return/list?filter=deleted_at&state=flagged&paginate=1&pageSize=0");
    expect(Object.keys(coreOnly.body.errors)).toEqual(["pageSize", "filter", "state"]);
    // A tampered window inside a real cursor is refused too (the core cursor is bound to it).
    const p1 = await c.get("/return/list?paginate=true&pageSize=2");
    const cursor = new URL(p1.body.nextPageUrl).searchParams.get("cursor")!;
    const body = JSON.parse(Buffer.from(cursor, "base64url").toString());
    body.w.f -= 5 * DAY;
    const forged = Buffer.from(JSON.stringify(body)).toString("base64url");
    const res = await c.get(`/return/list?cursor=${forged}`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(["cursor"]);
    // A bad key is told 401 first, whatever else is wrong.
    const anon = await svc.http.get("/api/v1/warehouse/return/list?from=yesterday", { headers: { "x-authorization": "wrong" } });
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual(UNAUTHORIZED);
  });

  it("ASN: one row per returned line item, default 7 days, windows by creation", async () => {
    const res = await c.get("/reporting/asn");
    expect(res.status).toBe(200);
    const rows: any[] = res.body;
    const all = [...listed, cancelled, review];
    expect(rows.map((r) => r.return_line_item_id).sort()).toEqual(all.flatMap((f) => f.itemIds).sort());
    const row = rows.find((r) => r.return_line_item_id === review.itemIds[0]);
    expect(row).toMatchObject({
      id: review.compatId,
      service_id: review.id,
      state: "review",
      order_name: review.orderName,
      customer_email: "ada@example.test",
      title: "Product 1",
      sku: "SKU-1",
      purchase_price: "40.00",
      restock_status: "processed",
      currency: "USD",
      outcome: "refund",
    });
    // The reference types closed_at (and the other texts the row may lack) as strings, not nullable: absent until closed.
    expect(row).not.toHaveProperty("closed_at");
    expect(row).not.toHaveProperty("barcode");
    expect(rows.find((r) => r.return_line_item_id === review.itemIds[1]).restock_status).toBe("pending");
    expect(rows.find((r) => r.service_id === listed[6].id).closed_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const day = (d: number) => new Date(Date.now() - d * DAY).toISOString().slice(0, 10);
    const oldRows = (await c.get(`/reporting/asn?from=${day(11)}&to=${day(10)}`)).body;
    expect(oldRows.map((r: any) => r.return_line_item_id).sort()).toEqual([...old.itemIds].sort());
    const bad = await c.get("/reporting/asn?from=2026-01-01&to=2026-06-01");
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({
      message: "The to must be a date within 120 days of from.",
      errors: { to: ["The to must be a date within 120 days of from."] },
    });
    const badDate = await c.get("/reporting/asn?to=soon");
    expect(badDate.status).toBe(422);
    expect(Object.keys(badDate.body.errors)).toEqual(["to"]);
  });
});
