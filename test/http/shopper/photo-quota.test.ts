// Issue 34, part 5: a shopper's photos are bounded. Per draft a number of photos and their bytes together,
// per store the bytes of its open drafts' photos together (PHOTO_QUOTA_*, small here), each refusal a 400
// naming `contentBase64` and the limit, holding under concurrent uploads. A cancelled draft's photos are
// deleted at once and no longer served; a lapsed draft's by the retention sweep, which later deletes the
// closed draft itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { expectNoErrors } from "../../support/gql.js";
import { startTestService, type TestService } from "../../support/server.js";
import { draftStore, openShopper, portalHandle, type DraftStore } from "../../support/drafts.js";
import { sweep } from "../../../src/retention/sweeper.js";

const FIELDS = `id state items { id photos }`;
const PHOTO = `mutation($item: ID!, $c: String!) { addDraftReturnPhoto(itemId: $item, contentBase64: $c) { ${FIELDS} } }`;
const CANCEL = `mutation { cancelDraftReturn { ${FIELDS} } }`;
const MERCHANT_READ = `query($id: ID) { draftReturn(id: $id) { id state } }`;

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
const TINY = PNG.toString("base64");
/** A PNG of 700 kB: its bytes say PNG; its size is what the quotas count. */
const BIG = Buffer.concat([PNG, Buffer.alloc(700 * 1024 - PNG.length, 7)]).toString("base64");
const DAY = 86_400_000;

describe.each(providers)("photo quotas and a closed draft's photos (%s)", (provider) => {
  let svc: TestService;
  let s: DraftStore;
  let handle: string;
  beforeAll(async () => {
    svc = await startTestService(provider, { PHOTO_QUOTA_DRAFT_COUNT: "3", PHOTO_QUOTA_DRAFT_MB: "1", PHOTO_QUOTA_STORE_MB: "2" });
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

  const photo = async (path: string) => (await fetch(`${svc.url}${path}`)).status;
  const refusal = (out: { errors: any[] }) => ({ ...out.errors?.[0]?.extensions, message: out.errors?.[0]?.message });

  it("refuses a draft's photo past its number, naming contentBase64 and the limit", async () => {
    const a = await shopper();
    for (let i = 0; i < 3; i++) await ok(PHOTO, { item: a.itemId, c: TINY }, a.token);
    const fourth = await gql(PHOTO, { item: a.itemId, c: TINY }, a.token);
    expect(refusal(fourth)).toMatchObject({ code: "BAD_USER_INPUT", field: "contentBase64", type: "drafts/photo-quota-exceeded" });
    expect(refusal(fourth).message).toContain("the most one draft may hold (3)");
  });

  it("refuses a photo that would bring a draft's photos over its bytes", async () => {
    const b = await shopper();
    await ok(PHOTO, { item: b.itemId, c: BIG }, b.token);
    const second = await gql(PHOTO, { item: b.itemId, c: BIG }, b.token);
    expect(refusal(second)).toMatchObject({ code: "BAD_USER_INPUT", field: "contentBase64" });
    expect(refusal(second).message).toContain("over the 1 MB one draft may hold");
  });

  it("refuses past the store's bytes of open drafts; a cancelled draft's photos are deleted (404) and free the room", async () => {
    // Open so far: 3 tiny photos and 700 kB. One more draft of 700 kB fits in 2 MB, a second does not.
    const c = await shopper();
    const cDraft = await ok(PHOTO, { item: c.itemId, c: BIG }, c.token);
    const link = cDraft.addDraftReturnPhoto.items[0].photos[0] as string;
    expect(await photo(link)).toBe(200);
    const d = await shopper();
    const over = await gql(PHOTO, { item: d.itemId, c: BIG }, d.token);
    expect(refusal(over)).toMatchObject({ code: "BAD_USER_INPUT", field: "contentBase64" });
    expect(refusal(over).message).toContain("2 MB is the most they may hold together");

    expect((await ok(CANCEL, {}, c.token)).cancelDraftReturn.state).toBe("cancelled");
    expect(await photo(link)).toBe(404);
    await ok(PHOTO, { item: d.itemId, c: BIG }, d.token);
  });

  it("holds a draft's number under concurrent uploads: exactly the quota is taken", async () => {
    const e = await shopper();
    const outs = await Promise.all(Array.from({ length: 6 }, () => gql(PHOTO, { item: e.itemId, c: TINY }, e.token)));
    expect(outs.filter((o) => !o.errors?.length)).toHaveLength(3);
    const refused = outs.filter((o) => o.errors?.length);
    expect(refused).toHaveLength(3);
    for (const r of refused) expect(refusal(r)).toMatchObject({ field: "contentBase64", type: "drafts/photo-quota-exceeded" });
    const read = await ok(`query { draftReturn { ${FIELDS} } }`, {}, e.token);
    expect(read.draftReturn.items[0].photos).toHaveLength(3);
  });

  it("expires a lapsed draft and deletes its photos in the sweep; deletes the closed draft past RETENTION_DRAFTS_DAYS", async () => {
    const f = await shopper();
    const link = (await ok(PHOTO, { item: f.itemId, c: TINY }, f.token)).addDraftReturnPhoto.items[0].photos[0] as string;
    const read = () => gql(MERCHANT_READ, { id: f.draftId }, s.secret);
    expect((await sweep(svc.services, { force: true, now: new Date(Date.now() + DAY) })).ran).toBe(true);
    expect(await photo(link)).toBe(200); // a day on, the draft (7 days) is still open

    const lapsed = await sweep(svc.services, { force: true, now: new Date(Date.now() + 8 * DAY) });
    expect(lapsed).toMatchObject({ ran: true, deleted: { draftsExpired: expect.any(Number), draftPhotos: expect.any(Number) } });
    expect(await photo(link)).toBe(404);
    expect((await read()).data.draftReturn.state).toBe("expired");

    const closed = await sweep(svc.services, { force: true, now: new Date(Date.now() + 15 * DAY) });
    expect(closed).toMatchObject({ ran: true, deleted: { draftReturns: expect.any(Number) } });
    expect(refusal(await read())).toMatchObject({ type: "drafts/not-found" });
  });
});
