// The portal's contract with the core (issue 25): a shopper session opened by the portal's handle, photos of a
// draft item (type judged from the bytes, bounded, served at their link with their type), other shoppers kept
// out, the submitted photos on the return item's customerImages, and the public status page by its link's token.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { expectNoErrors } from "../../support/gql.js";
import { snapshotDatabase } from "../../support/db-snapshot.js";
import { startTestService, type TestService } from "../../support/server.js";
import { draftOrder, draftStore, openShopper, portalHandle, type DraftStore } from "../../support/drafts.js";
import { statusToken } from "../../../src/portal/status-link.js";
import { LIST_BOUNDS, TEXT_BOUNDS } from "../../../src/core/bounds.js";

const OPEN = `mutation($st: ID!, $i: DraftLookupInput!) { openShopperSession(store: $st, input: $i) { token draftId } }`;
const ITEM_FIELDS = `id state items { id photos }`;
const PHOTO = `mutation($id: ID, $item: ID!, $c: String!) { addDraftReturnPhoto(id: $id, itemId: $item, contentBase64: $c) { ${ITEM_FIELDS} } }`;
const UNPHOTO = `mutation($item: ID!, $p: String!) { removeDraftReturnPhoto(itemId: $item, photo: $p) { ${ITEM_FIELDS} } }`;
const UPDATE = `mutation($item: ID!, $i: DraftItemUpdateInput!) { updateDraftReturnItem(itemId: $item, input: $i) { ${ITEM_FIELDS} } }`;
const GET = `query($id: ID) { draftReturn(id: $id) { ${ITEM_FIELDS} } }`;
const STATUS = `query($h: String!, $t: String!) { returnStatusPage(handle: $h, token: $t) {
  returnNumber orderName status createdAt timeZone timeline { kind at }
  items { title variantTitle quantity reason outcome exchangeTitle }
  shipping { method carrier trackingNumber labelPdfBase64 dropOffCode dropOffQrPngBase64 }
  returnAddress { city } refund { amount currency } storeCredit { amount currency } refundState creditState } }`;

// A 1×1 PNG and the first bytes of a JPEG (JFIF): what the bytes say is what counts.
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.alloc(64, 0x11),
  Buffer.from([0xff, 0xd9]),
]).toString("base64");
const TEXT = Buffer.from("Not a photo at all, just text renamed photo.jpg\n").toString("base64");

describe.each(providers)("the portal's contract (%s)", (provider) => {
  let svc: TestService;
  let s: DraftStore;
  let handle: string;
  beforeAll(async () => {
    svc = await startTestService(provider);
    s = await draftStore(svc);
    handle = await portalHandle(svc, s);
  });
  afterAll(async () => {
    await svc?.close();
  });

  const gql = (q: string, v: Record<string, unknown>, token?: string | null) =>
    svc.http.graphql(q, v, token) as Promise<{ data: any; errors: any[] }>;
  const ok = async (q: string, v: Record<string, unknown>, token?: string | null) => expectNoErrors(await gql(q, v, token)) as any;
  const shopper = () => openShopper(svc, s, handle);

  it("opens a session by the portal's handle; an unknown handle answers like an unknown order", async () => {
    const order = await draftOrder(svc, s);
    const byHandle = await ok(OPEN, { st: handle.toUpperCase(), i: { orderName: order.name, secondaryInput: "jane@example.test" } });
    expect(byHandle.openShopperSession.token).toMatch(/^rtr_sh_/);
    const unknownHandle = await gql(OPEN, { st: "no-such-shop", i: { orderName: order.name, secondaryInput: "jane@example.test" } });
    const unknownOrder = await gql(OPEN, { st: handle, i: { orderName: "#NOPE-1", secondaryInput: "jane@example.test" } });
    expect(unknownHandle.errors[0]).toEqual(unknownOrder.errors[0]);
    expect(unknownOrder.errors[0].extensions).toMatchObject({ status: 404, type: "drafts/order-not-found" });
  });

  it("takes a PNG and a JPEG, served at their link with their type, nosniff and a private cache", async () => {
    const { token, itemId, draftId } = await shopper();
    const png = (await ok(PHOTO, { item: itemId, c: PNG }, token)).addDraftReturnPhoto;
    const jpeg = (await ok(PHOTO, { item: itemId, c: `data:image/jpeg;base64,${JPEG}` }, token)).addDraftReturnPhoto;
    const links: string[] = jpeg.items[0].photos;
    expect(png.items[0].photos).toHaveLength(1);
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toMatch(/^\/portal\/photos\/ph_[A-Za-z0-9_-]{22}$/);
    for (const [link, type, b64] of [
      [links[0]!, "image/png", PNG],
      [links[1]!, "image/jpeg", JPEG],
    ] as const) {
      const res = await fetch(svc.url + link);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(type);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toMatch(/^private/);
      expect(Buffer.from(await res.arrayBuffer()).toString("base64")).toBe(b64);
    }
    // Another id (or a guess of the right shape) is not found.
    expect((await fetch(`${svc.url}/portal/photos/ph_${"A".repeat(22)}`)).status).toBe(404);
    expect((await fetch(`${svc.url}/portal/photos/nope`)).status).toBe(404);
    // A shopper's session adds photos by upload only: a link is refused at its field, changing nothing.
    const byLink = await gql(UPDATE, { item: itemId, i: { photos: ["https://cdn.example.test/a.jpg"] } }, token);
    expect(byLink.errors[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      field: "input.photos",
      refusal: { code: "PHOTO_NOT_IMAGE" },
    });
    // A merchant key may give links (as the platform's API lets it): they replace links, never the uploads;
    // removing an upload deletes it.
    const UPDATE_BY_ID = `mutation($id: ID, $item: ID!, $i: DraftItemUpdateInput!) { updateDraftReturnItem(id: $id, itemId: $item, input: $i) { ${ITEM_FIELDS} } }`;
    const updated = (await ok(UPDATE_BY_ID, { id: draftId, item: itemId, i: { photos: ["https://cdn.example.test/a.jpg"] } }, s.secret))
      .updateDraftReturnItem;
    expect(updated.items[0].photos).toEqual([...links, "https://cdn.example.test/a.jpg"]);
    const removed = (await ok(UNPHOTO, { item: itemId, p: links[0] }, token)).removeDraftReturnPhoto;
    expect(removed.items[0].photos).toEqual([links[1], "https://cdn.example.test/a.jpg"]);
    expect((await fetch(svc.url + links[0])).status).toBe(404);
  });

  it("refuses a text file, an oversized one and one too many, naming the field and changing nothing", async () => {
    const { token, itemId } = await shopper();
    const before = await snapshotDatabase(svc.services.db);
    const text = await gql(PHOTO, { item: itemId, c: TEXT }, token);
    expect(text.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "contentBase64" });
    expect(text.errors[0].message).toMatch(/not a JPEG, PNG or WebP image/);
    const gif = await gql(PHOTO, { item: itemId, c: Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;").toString("base64") }, token);
    expect(gif.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "contentBase64" });
    const notBase64 = await gql(PHOTO, { item: itemId, c: "%%% not base64 %%%" }, token);
    expect(notBase64.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "contentBase64" });
    const big = await gql(PHOTO, { item: itemId, c: PNG + "A".repeat(TEXT_BOUNDS.imageBase64) }, token);
    expect(big.errors[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(JSON.stringify(big.errors[0])).toContain("contentBase64");
    expect(await snapshotDatabase(svc.services.db)).toEqual(before);
    for (let i = 0; i < LIST_BOUNDS.draftPhotos; i++) await ok(PHOTO, { item: itemId, c: PNG }, token);
    const full = await snapshotDatabase(svc.services.db);
    const tooMany = await gql(PHOTO, { item: itemId, c: PNG }, token);
    expect(tooMany.errors[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "itemId" });
    expect(await snapshotDatabase(svc.services.db)).toEqual(full);
  });

  it("keeps another shopper out: they cannot add a photo to this draft nor read it", async () => {
    const mine = await shopper();
    const theirs = await shopper();
    const before = await snapshotDatabase(svc.services.db);
    const add = await gql(PHOTO, { id: mine.draftId, item: mine.itemId, c: PNG }, theirs.token);
    expect(add.errors[0].extensions).toMatchObject({ status: 404, type: "drafts/not-found" });
    const read = await gql(GET, { id: mine.draftId }, theirs.token);
    expect(read.errors[0].extensions).toMatchObject({ status: 404, type: "drafts/not-found" });
    // Their own draft, naming my item: not found either.
    const foreignItem = await gql(PHOTO, { item: mine.itemId, c: PNG }, theirs.token);
    expect(foreignItem.errors[0].extensions).toMatchObject({ status: 404, type: "drafts/item-not-found" });
    expect(await snapshotDatabase(svc.services.db)).toEqual(before);
  });

  it("submits the photos to the return item's customerImages; the status page answers its token only", async () => {
    const { token, itemId, order } = await shopper();
    const withPhoto = (await ok(PHOTO, { item: itemId, c: PNG }, token)).addDraftReturnPhoto;
    const link = withPhoto.items[0].photos[0];
    await ok(
      `mutation($item: ID!) { updateDraftReturnItem(itemId: $item, input: { reasonCode: "too_small", answer: "M", outcome: store_credit }) { id } }`,
      { item: itemId },
      token,
    );
    await ok(`mutation { finalizeDraftReturnItems { id } }`, {}, token);
    await ok(`mutation { setDraftReturnMethod(method: drop_off) { id } }`, {}, token);
    const submitted = (await ok(`mutation { submitDraftReturn { state returnId } }`, {}, token)).submitDraftReturn;
    expect(submitted.state).toBe("submitted");
    const ret = (
      await ok(
        `query($id: ID!) { return(id: $id) { items { reason customerComment customerImages } } }`,
        { id: submitted.returnId },
        s.secret,
      )
    ).return;
    expect(ret.items).toEqual([{ reason: "Too small", customerComment: "M", customerImages: [link] }]);
    // The REST door shows the same links.
    const rest = await svc.http.get(`/v2.2/returns/${submitted.returnId}`, { token: s.secret });
    expect(rest.body.return.items[0].customerImages).toEqual([link]);

    const good = statusToken(svc.services.config, submitted.returnId);
    const page = (await ok(STATUS, { h: handle, t: good }, null)).returnStatusPage;
    expect(page).toMatchObject({
      returnNumber: expect.stringMatching(/^R\d+$/),
      orderName: order.name,
      status: "open",
      timeZone: "UTC",
      items: [{ quantity: 1, reason: "Too small", outcome: "store_credit", exchangeTitle: null }],
      shipping: { method: "drop_off_qr", labelPdfBase64: null, dropOffCode: expect.stringMatching(/^RD-/) },
      returnAddress: { city: "Columbus" },
      refund: null,
      storeCredit: { amount: "44.00", currency: "USD" },
      refundState: "none",
    });
    expect(page.timeline.map((t: { kind: string }) => t.kind)[0]).toBe("requested");
    expect(["pending", "issued"]).toContain(page.creditState);
    expect(Buffer.from(page.shipping.dropOffQrPngBase64, "base64").subarray(1, 4).toString()).toBe("PNG");
    // A forged token, another store's handle, or a token of another store's return: null, and nothing else.
    const forged = `${submitted.returnId}.${"A".repeat(24)}`;
    expect((await ok(STATUS, { h: handle, t: forged }, null)).returnStatusPage).toBeNull();
    expect((await ok(STATUS, { h: handle, t: "garbage" }, null)).returnStatusPage).toBeNull();
    const other = await draftStore(svc, "Other store");
    const otherHandle = (await ok(`query($s: ID!) { portalSettings(storeId: $s) { handle } }`, { s: other.storeId }, other.secret))
      .portalSettings.handle;
    expect((await ok(STATUS, { h: otherHandle, t: good }, null)).returnStatusPage).toBeNull();
  });
});
