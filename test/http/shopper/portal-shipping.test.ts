// Issue 25, the services behind the portal: a store's portal settings (refused naming each field, the
// handle unique across stores, a colour without contrast refused with its ratio), the public read by
// handle that shows only what a shopper sees, and how a return goes back: a real PDF label from the test
// carrier (the return's label then shows on REST; its addresses by the country's convention), a real PNG drop-off
// QR with a random unique code.
import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compatClient } from "../../support/compat.js";
import { providers } from "../../support/env.js";
import { pushOrder, returnBody } from "../../support/orders.js";
import { startTestService, type TestService } from "../../support/server.js";

const SETTINGS = `storeId handle displayName logoUrl accentColor languages lookupMethod returnMethods carrier
  returnAddress { name line1 line2 city state postalCode country }`;
const UPDATE = `mutation($s: ID!, $i: PortalSettingsInput!) { updatePortalSettings(storeId: $s, input: $i) { ${SETTINGS} } }`;
const READ = `query($s: ID!) { portalSettings(storeId: $s) { ${SETTINGS} } }`;
const PUBLIC = `query($h: String!) { publicPortal(handle: $h) { handle displayName logoUrl accentColor languages lookupMethod returnMethods returnAddress { city } } }`;
const SHIP = `mutation($r: ID!, $m: ReturnMethod!) { createReturnShipping(returnId: $r, method: $m) {
  method carrier trackingNumber labelPdfBase64 dropOffCode dropOffQrPngBase64 } }`;
const RETURN_SHIPPING = `query($id: ID!) { return(id: $id) { shipping { method trackingNumber dropOffCode } } }`;

/** The text lines of a PDF as pdfkit writes them (each line one TJ of hex glyphs in a deflated content stream). */
function pdfText(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const m of pdf.toString("latin1").matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let body: string;
    try {
      body = inflateSync(Buffer.from(m[1]!, "latin1")).toString("latin1");
    } catch {
      continue; // not a deflated stream (an image)
    }
    for (const tj of body.matchAll(/\[([^\]]*)\]\s*TJ/g))
      lines.push([...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, "hex").toString("latin1")).join(""));
  }
  return lines;
}

const ADDRESS = { name: "Returns dept", line1: "200 Warehouse Way", city: "Columbus", state: "OH", postalCode: "43215", country: "us" };

describe.each(providers)("portal settings and shipping (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  const gql = (query: string, variables: Record<string, unknown>, token: string | null = secret) =>
    svc.http.graphql(query, variables, token);
  const handle = `shop-${provider}`;

  beforeAll(async () => {
    svc = await startTestService(provider);
    storeId = (await svc.createStore("Portal store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(async () => {
    await svc?.close();
  });

  it("saves the settings, normalised, and reads them back", async () => {
    expect((await gql(READ, { s: storeId })).data.portalSettings).toBeNull();
    const res = await gql(UPDATE, {
      s: storeId,
      i: {
        handle,
        displayName: "  Portal Store ",
        accentColor: "#1f4e79",
        languages: ["fr", "en"],
        lookupMethod: "either",
        returnAddress: ADDRESS,
        returnMethods: ["prepaid_label", "drop_off_qr", "ship_yourself"],
      },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.updatePortalSettings).toEqual({
      storeId,
      handle,
      displayName: "Portal Store",
      logoUrl: null,
      accentColor: "#1F4E79",
      languages: ["en", "fr"],
      lookupMethod: "either",
      returnMethods: ["prepaid_label", "drop_off_qr", "ship_yourself"],
      carrier: "test",
      returnAddress: { ...ADDRESS, country: "US", line2: null },
    });
    expect((await gql(READ, { s: storeId })).data.portalSettings.handle).toBe(handle);
  });

  it("refuses every bad field at once, naming it and its fix, and changes nothing", async () => {
    const res = await gql(UPDATE, {
      s: storeId,
      i: {
        handle: "My Shop!",
        displayName: " ",
        accentColor: "#FFD700",
        languages: ["en", "de"],
        returnMethods: ["prepaid_label"],
      },
    });
    const err = res.errors?.[0];
    expect(err?.extensions.code, JSON.stringify(res.errors)).toBe("BAD_USER_INPUT");
    const fields = (err.extensions.problems as { field: string; detail: string }[]).map((p) => p.field);
    expect(fields).toEqual(["input.handle", "input.displayName", "input.accentColor", "input.languages", "input.returnAddress"]);
    expect(err.message).toContain('e.g. "my-shop"');
    expect(err.message).toMatch(/#FFD700 has a contrast of 1\.\d\d:1 with white/);
    expect((await gql(READ, { s: storeId })).data.portalSettings.accentColor).toBe("#1F4E79");
    // A logo that is not an http(s) link is refused at the input layer.
    const logo = await gql(UPDATE, { s: storeId, i: { handle, displayName: "x", logoUrl: "javascript:alert(1)", returnAddress: ADDRESS } });
    expect(logo.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
    expect(logo.errors?.[0]?.message).toContain("logoUrl");
  });

  it("keeps a handle to one store", async () => {
    const other = (await svc.createStore("Other")).id;
    const otherSecret = (await svc.createApiClient(other, "all")).secret;
    const res = await gql(UPDATE, { s: other, i: { handle, displayName: "Other", returnAddress: ADDRESS } }, otherSecret);
    expect(res.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
    expect(res.errors?.[0]?.message).toContain("is taken");
    // Nor may it read or write this store's settings.
    expect((await gql(READ, { s: storeId }, otherSecret)).errors?.[0]?.extensions.code).toBe("NOT_FOUND");
  });

  it("needs portal scopes to read and write the settings", async () => {
    const ro = (await svc.createApiClient(storeId, ["portal_read"])).secret;
    expect((await gql(READ, { s: storeId }, ro)).errors).toBeUndefined();
    const denied = await gql(UPDATE, { s: storeId, i: { handle, displayName: "x", returnAddress: ADDRESS } }, ro);
    expect(denied.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    const none = (await svc.createApiClient(storeId, ["returns_read"])).secret;
    expect((await gql(READ, { s: storeId }, none)).errors?.[0]?.extensions.code).toBe("FORBIDDEN");
  });

  it("shows a shopper, without credentials, only the portal's public face", async () => {
    const res = await gql(PUBLIC, { h: handle }, null);
    expect(res.errors).toBeUndefined();
    expect(res.data.publicPortal).toEqual({
      handle,
      displayName: "Portal Store",
      logoUrl: null,
      accentColor: "#1F4E79",
      languages: ["en", "fr"],
      lookupMethod: "either",
      returnMethods: ["prepaid_label", "drop_off_qr", "ship_yourself"],
      returnAddress: { city: "Columbus" },
    });
    expect((await gql(PUBLIC, { h: "no-such-shop" }, null)).data.publicPortal).toBeNull();
    // The merchant's fields are not reachable that way.
    const probe = await gql(`query($h: String!) { publicPortal(handle: $h) { storeId } }`, { h: handle }, null);
    expect(probe.errors?.[0]?.extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  const newReturn = async () => {
    const order = await pushOrder(svc.http, storeId, secret);
    const res = await svc.http.post(
      `/v2.2/stores/${storeId}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0]!.id, quantity: 1 }]),
      {
        token: secret,
      },
    );
    expect(res.status).toBe(201);
    return res.body.return.id as string;
  };

  it("issues one prepaid label, a real PDF from the test carrier, shown as the return's label on REST", async () => {
    const id = await newReturn();
    const tries = await Promise.all([0, 1].map(() => gql(SHIP, { r: id, m: "prepaid_label" })));
    for (const t of tries) expect(t.errors).toBeUndefined();
    const [a, b] = tries.map((t) => t.data.createReturnShipping);
    expect(a.trackingNumber).toBe(b.trackingNumber);
    expect(a.trackingNumber).toMatch(/^RT\d{12}$/);
    expect(a.carrier).toBe("Retour Test Carrier");
    const pdf = Buffer.from(a.labelPdfBase64, "base64");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    expect(pdf.length).toBeLessThan(256 * 1024);
    expect(pdf.toString("latin1")).toMatch(/\/Type \/Page\b/);
    expect(pdf.toString("latin1").match(/\/Type \/Page\b/g)).toHaveLength(1);
    // Both addresses by the US convention (town, state, ZIP code), the country in capitals (issue 36).
    const text = pdfText(pdf);
    expect(text.slice(text.indexOf("FROM"))).toEqual([
      "FROM",
      "Ada Lovelace",
      "1 Main St",
      "Springfield, IL 62701",
      "UNITED STATES",
      "SHIP TO",
      "Returns dept",
      "200 Warehouse Way",
      "Columbus, OH 43215",
      "UNITED STATES",
      a.trackingNumber,
    ]);
    const rest = (await svc.http.get(`/v2.2/returns/${id}`, { token: secret })).body.return;
    expect(rest.shipment).toMatchObject({ tracker: a.trackingNumber, carrier: "Retour Test Carrier" });
    const number = (await gql(`query($id: ID!) { return(id: $id) { number } }`, { id })).data.return.number as string;
    const compat = await compatClient(svc, secret).get(`/return/details?return_id=${number.slice(1)}`);
    expect(compat.status).toBe(200);
    expect(compat.body.labels).toEqual([expect.objectContaining({ tracking_number: a.trackingNumber, carrier: "Retour Test Carrier" })]);
    // Another method for the same return is refused.
    const other = await gql(SHIP, { r: id, m: "drop_off_qr" });
    expect(other.errors?.[0]?.extensions.status).toBe(409);
    expect(other.errors?.[0]?.message).toContain("a prepaid label");
  });

  it("issues a drop-off code, random and unique, with a real PNG QR", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const id = await newReturn();
      const res = await gql(SHIP, { r: id, m: "drop_off_qr" });
      expect(res.errors).toBeUndefined();
      const s = res.data.createReturnShipping;
      expect(s.dropOffCode).toMatch(/^RD-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(s.trackingNumber).toBeNull();
      expect(s.labelPdfBase64).toBeNull();
      const png = Buffer.from(s.dropOffQrPngBase64, "base64");
      expect(png.subarray(1, 4).toString()).toBe("PNG");
      codes.add(s.dropOffCode);
      expect((await gql(RETURN_SHIPPING, { id })).data.return.shipping).toEqual({
        method: "drop_off_qr",
        trackingNumber: null,
        dropOffCode: s.dropOffCode,
      });
    }
    expect(codes.size).toBe(3);
  });

  it("needs returns_write to issue, and never reaches another store's return", async () => {
    const id = await newReturn();
    const ro = (await svc.createApiClient(storeId, ["returns_read"])).secret;
    expect((await gql(SHIP, { r: id, m: "ship_yourself" }, ro)).errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    const other = (await svc.createStore("Stranger")).id;
    const stranger = (await svc.createApiClient(other, "all")).secret;
    expect((await gql(SHIP, { r: id, m: "ship_yourself" }, stranger)).errors?.[0]?.extensions.code).toBe("NOT_FOUND");
    expect((await gql(RETURN_SHIPPING, { id })).data.return.shipping).toBeNull();
  });

  it("refuses a label while the store has no return address, and writes nothing", async () => {
    const bare = (await svc.createStore("Bare")).id;
    const bareSecret = (await svc.createApiClient(bare, "all")).secret;
    const order = await pushOrder(svc.http, bare, bareSecret);
    const ret = await svc.http.post(
      `/v2.2/stores/${bare}/returns`,
      returnBody(order, [{ lineItemId: order.lineItems[0]!.id, quantity: 1 }]),
      {
        token: bareSecret,
      },
    );
    const res = await gql(SHIP, { r: ret.body.return.id, m: "prepaid_label" }, bareSecret);
    expect(res.errors?.[0]?.extensions.status).toBe(422);
    expect(res.errors?.[0]?.message).toContain("Settings → Returns portal");
    expect((await gql(RETURN_SHIPPING, { id: ret.body.return.id }, bareSecret)).data.return.shipping).toBeNull();
  });
});
