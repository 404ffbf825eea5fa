import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { systemContext } from "../../../src/core/context.js";
import { addBillableItems } from "../../../src/invoices/service.js";
import { newId } from "../../../src/core/ids.js";

/** A strict RFC 4180 parser for the assertions (quoted fields, doubled quotes, CRLF records). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), (i += 2);
      else if (c === '"') (quoted = false), i++;
      else (field += c), i++;
    } else if (c === '"' && field === "") (quoted = true), i++;
    else if (c === ",") row.push(field), (field = ""), i++;
    else if (c === "\r" && text[i + 1] === "\n") row.push(field), rows.push(row), (row = []), (field = ""), (i += 2);
    else if (c === "\n" || c === "\r" || c === '"') throw new Error(`bare ${JSON.stringify(c)} at ${i}`);
    else (field += c), i++;
  }
  if (field !== "" || row.length) throw new Error("last record not terminated by CRLF");
  return rows;
}

const HEADER = [
  "invoice_id",
  "item_id",
  "date",
  "type",
  "description",
  "order_name",
  "return_id",
  "quantity",
  "unit_amount",
  "amount",
  "currency",
];

describe.each(providers)("invoices over REST v2.2 (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Billing")).id;
    secret = (await svc.createApiClient(storeId, ["invoices_read"])).secret;
  });
  afterAll(() => svc?.close());

  async function invoice(store: string, status: string, items: number, start = new Date("2026-01-01T00:00:00Z")) {
    const prisma = svc.services.db.prisma;
    const id = newId("inv");
    const prefix = `ivi_${id.slice(-6)}_`;
    await prisma.invoice.create({
      data: { id, storeId: store, status, currency: "USD", periodStart: start, periodEnd: new Date(start.getTime() + 31 * 86_400_000) },
    });
    for (let done = 0; done < items; done += 5000) {
      await prisma.invoiceItem.createMany({
        data: Array.from({ length: Math.min(5000, items - done) }, (_, k) => ({
          id: `${prefix}${String(done + k).padStart(8, "0")}`,
          invoiceId: id,
          occurredAt: new Date(start.getTime() + Math.floor((done + k) / 3) * 1000),
          type: "return_label",
          description: `Label ${done + k}`,
          orderName: `#${done + k}`,
          quantity: 1,
          unitAmount: 795,
          amount: 795,
          currency: "USD",
        })),
      });
    }
    return id;
  }

  it("streams an invoice's items as RFC 4180 CSV with a filename, across many pages, oldest first", async () => {
    const id = await invoice(storeId, "issued", 2503);
    const res = await svc.http.get(`/v2.2/invoices/${id}/items.csv`, { token: secret });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${id}.csv"`);
    const rows = parseCsv(res.text);
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(2504);
    const ids = rows.slice(1).map((r) => r[1]);
    const prefix = `ivi_${id.slice(-6)}_`;
    expect(ids).toEqual(Array.from({ length: 2503 }, (_, k) => `${prefix}${String(k).padStart(8, "0")}`));
    expect(rows[1]).toEqual([
      id,
      `${prefix}00000000`,
      "2026-01-01T00:00:00.000Z",
      "return_label",
      "Label 0",
      "#0",
      "",
      "1",
      "7.95",
      "7.95",
      "USD",
    ]);
    expect(rows[2503][2]).toBe(new Date(Date.parse("2026-01-01T00:00:00Z") + 834_000).toISOString());
  });

  it("quotes per RFC 4180 and neutralises formula cells, leaving numbers alone", async () => {
    const store = (await svc.createStore("Quoting")).id;
    const key = (await svc.createApiClient(store, ["invoices_read"])).secret;
    const ctx = systemContext(svc.services, store, "test");
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    await addBillableItems(ctx, store, [
      { occurredAt: t(1), type: "return_label", description: 'Label, "express"', orderName: "#1,001", unitAmount: 795 },
      { occurredAt: t(2), type: "note", description: "line one\r\nline two\nline three", unitAmount: 0 },
      { occurredAt: t(3), type: "=cmd|' /C calc'!A0", description: "=SUM(A1:A9)", orderName: "+1001", returnId: "-2", unitAmount: 100 },
      { occurredAt: t(4), type: "adjustment", description: "@SUM(1)", orderName: "\tTAB", unitAmount: -795, quantity: 2 },
      { occurredAt: t(5), type: "adjustment", description: 'Fine - a dash inside, "=" inside, ünïcödé ✓', unitAmount: 5 },
    ]);
    const res = await svc.http.get(`/v2.2/invoices/pending/items.csv`, { token: key });
    expect(res.status).toBe(200);
    const pendingId = (await svc.services.db.prisma.invoice.findFirst({ where: { storeId: store, status: "pending" } }))!.id;
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="invoice-${pendingId}-pending.csv"`);
    const lines = res.text.split("\r\n");
    expect(lines[1]).toMatch(/,return_label,"Label, ""express""","#1,001",,1,7\.95,7\.95,USD$/);
    const rows = parseCsv(res.text).slice(1);
    expect(rows[0].slice(3, 7)).toEqual(["return_label", 'Label, "express"', "#1,001", ""]);
    expect(rows[1][4]).toBe("line one\r\nline two\nline three");
    expect(rows[2].slice(3, 7)).toEqual(["'=cmd|' /C calc'!A0", "'=SUM(A1:A9)", "'+1001", "'-2"]);
    expect(rows[3].slice(3, 11)).toEqual(["adjustment", "'@SUM(1)", "'\tTAB", "", "2", "-7.95", "-15.90", "USD"]);
    expect(rows[4][4]).toBe('Fine - a dash inside, "=" inside, ünïcödé ✓');
    for (const r of rows) expect(r).toHaveLength(11);
  });

  it("answers the header row alone when nothing is pending, and 404 for an unknown or another store's invoice", async () => {
    const store = (await svc.createStore("Empty")).id;
    const key = (await svc.createApiClient(store, ["invoices_read"])).secret;
    const empty = await svc.http.get(`/v2.2/invoices/pending/items.csv`, { token: key });
    expect(empty.status).toBe(200);
    expect(empty.text).toBe(HEADER.join(",") + "\r\n");
    expect(empty.headers.get("content-disposition")).toBe('attachment; filename="invoice-pending.csv"');

    const theirs = await invoice(store, "paid", 3);
    const res = await svc.http.get(`/v2.2/invoices/${theirs}/items.csv`, { token: secret });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      type: "com.retour.api:invoices/not-found",
      status: 404,
      instance: `/v2.2/invoices/${theirs}/items.csv`,
    });
    const unknown = await svc.http.get(`/v2.2/invoices/inv_nope/items.csv`, { token: secret });
    expect(unknown.status).toBe(404);
    // The owner can read it.
    expect((await svc.http.get(`/v2.2/invoices/${theirs}/items.csv`, { token: key })).status).toBe(200);
  });

  it("lists the store's invoices newest first with their charge", async () => {
    const store = (await svc.createStore("Listing")).id;
    const key = (await svc.createApiClient(store, ["invoices_read"])).secret;
    const old = await invoice(store, "paid", 4, new Date("2026-01-01T00:00:00Z"));
    await new Promise((r) => setTimeout(r, 5));
    const mid = await invoice(store, "issued", 2, new Date("2026-02-01T00:00:00Z"));
    await addBillableItems(systemContext(svc.services, store, "test"), store, [{ type: "adjustment", unitAmount: -100 }]);
    await invoice((await svc.createStore("Noise")).id, "paid", 1);
    const res = await svc.http.get(`/v2.2/stores/${store}/invoices`, { token: key });
    expect(res.status).toBe(200);
    const list = res.body.invoices;
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ status: "pending", charge: { amount: "-1.00", currency: "USD" }, store: { id: store } });
    expect(list[1]).toMatchObject({
      id: mid,
      status: "issued",
      charge: { amount: "15.90", currency: "USD" },
      periodStart: "2026-02-01T00:00:00.000Z",
    });
    expect(list[2]).toMatchObject({ id: old, status: "paid", charge: { amount: "31.80", currency: "USD" } });
    const foreign = await svc.http.get(`/v2.2/stores/${storeId}/invoices`, { token: key });
    expect(foreign.status).toBe(404);
  });

  it("needs the invoices_read scope", async () => {
    const key = (await svc.createApiClient(storeId, ["products_write"])).secret;
    for (const path of [`/v2.2/stores/${storeId}/invoices`, `/v2.2/invoices/pending/items.csv`, `/v2.2/invoices/inv_x/items.csv`]) {
      const res = await svc.http.get(path, { token: key });
      expect(res.status, path).toBe(403);
      expect(res.body.type).toBe("com.retour.api:auth/missing-scope");
    }
    expect((await svc.http.get(`/v2.2/invoices/pending/items.csv`)).status).toBe(401);
  });
});
