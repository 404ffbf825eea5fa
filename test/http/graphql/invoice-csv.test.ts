// Invoice.itemsCsv (the dashboard's CSV download) against the REST CSV route: the pages concatenated
// are byte for byte the REST file, tricky cells included; paging and store isolation hold.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { systemContext } from "../../../src/core/context.js";
import { addBillableItems } from "../../../src/invoices/service.js";

const CSV = `query($id: ID!, $first: Int, $after: String) {
  invoice(id: $id) { id itemsCsv(first: $first, after: $after) { csv rowCount pageInfo { hasNextPage endCursor } } }
}`;

describe.each(providers)("Invoice.itemsCsv (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let staff: string;
  let invoiceId: string;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("CSV")).id;
    secret = (await svc.createApiClient(storeId, ["invoices_read"])).secret;
    staff = (await svc.createStaff(storeId)).token;
    const ctx = systemContext(svc.services, storeId, "test");
    const t = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    await addBillableItems(ctx, storeId, [
      { occurredAt: t(1), type: "return_label", description: 'Label, "express"', orderName: "#1,001", unitAmount: 795 },
      { occurredAt: t(2), type: "note", description: "line one\r\nline two", unitAmount: 0 },
      { occurredAt: t(3), type: "=cmd|' /C calc'!A0", description: "=SUM(A1:A9)", orderName: "+1001", returnId: "-2", unitAmount: 100 },
      { occurredAt: t(4), type: "adjustment", description: "@SUM(1) ünïcödé ✓", unitAmount: -795, quantity: 2 },
      ...Array.from({ length: 2200 }, (_, k) => ({
        occurredAt: t(10 + Math.floor(k / 3)),
        type: "return_label",
        description: `Label ${k}`,
        orderName: `#${k}`,
        unitAmount: 795,
      })),
    ]);
    invoiceId = (await svc.services.db.prisma.invoice.findFirstOrThrow({ where: { storeId, status: "pending" } })).id;
  });
  afterAll(() => svc?.close());

  async function allPages(token: string, first: number) {
    const pages: { csv: string; rowCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null } }[] = [];
    let after: string | null = null;
    do {
      const res: { data?: any; errors?: unknown } = await svc.http.graphql(CSV, { id: invoiceId, first, after }, token);
      expect(res.errors).toBeUndefined();
      const page: (typeof pages)[number] = res.data.invoice.itemsCsv;
      pages.push(page);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after);
    return pages;
  }

  it("concatenates, page by page, to exactly the bytes of GET /v2.2/invoices/{id}/items.csv", async () => {
    const rest = await fetch(`${svc.url}/v2.2/invoices/${invoiceId}/items.csv`, { headers: { authorization: `Bearer ${secret}` } });
    expect(rest.status).toBe(200);
    const restBytes = Buffer.from(await rest.arrayBuffer());
    for (const [token, first] of [
      [staff, 1000],
      [secret, 333],
    ] as const) {
      const pages = await allPages(token, first);
      expect(pages.length).toBe(Math.ceil(2204 / first));
      expect(pages.reduce((n, p) => n + p.rowCount, 0)).toBe(2204);
      // Only the first page carries the header row.
      expect(pages[0].csv.startsWith("invoice_id,item_id,date,")).toBe(true);
      expect(pages[1].csv.startsWith("invoice_id,")).toBe(false);
      expect(Buffer.from(pages.map((p) => p.csv).join(""), "utf8").equals(restBytes)).toBe(true);
    }
    expect(restBytes.toString("utf8")).toContain(`,'=cmd|' /C calc'!A0,'=SUM(A1:A9),'+1001,'-2,1,1.00,1.00,USD\r\n`);
  });

  it("refuses a page size over 1000 and a foreign cursor, and hides another store's invoice", async () => {
    const big = await svc.http.graphql(CSV, { id: invoiceId, first: 1001 }, staff);
    expect(big.errors?.[0].extensions?.code).toBeDefined();
    expect(big.errors?.[0].message).toMatch(/1000/);
    const bad = await svc.http.graphql(CSV, { id: invoiceId, first: 10, after: "not-a-cursor" }, staff);
    expect(bad.errors?.[0].extensions?.status).toBe(400);
    const other = (await svc.createStore("Other")).id;
    const otherStaff = (await svc.createStaff(other)).token;
    const hidden = await svc.http.graphql(CSV, { id: invoiceId, first: 10 }, otherStaff);
    expect(hidden.errors).toBeUndefined();
    expect(hidden.data.invoice).toBeNull();
  });
});
