// One domain, three doors: what the warehouse door does shows in GraphQL and REST and reaches webhook
// subscribers; REST comments show as notes here. Also the scope rules and the per-key rate limit.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startSubscriber, type Subscriber } from "../../support/subscriber.js";
import { FORBIDDEN, UNAUTHORIZED, W, compatClient, compatReturn } from "../../support/compat.js";

describe.each(providers)("compat door across the doors (%s)", (provider) => {
  let svc: TestService;
  let sub: Subscriber;
  let storeId: string;
  let secret: string;
  let c: ReturnType<typeof compatClient>;

  beforeAll(async () => {
    svc = await startTestService(provider, {
      WEBHOOK_RETRY_SCHEDULE: "30ms,60ms",
      WEBHOOK_POLL_INTERVAL: "50ms",
      WEBHOOK_TIMEOUT: "2s",
      RATE_LIMIT_COMPAT_PER_MINUTE: "40",
    });
    sub = await startSubscriber();
    storeId = (await svc.createStore("Compat cross-door store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
    c = compatClient(svc, secret);
  });
  afterAll(async () => {
    await sub?.close();
    await svc?.close();
  });

  const TIMELINE = `query($id: ID!) { return(id: $id) { status compatId compatState comments { message author { type id } } timeline { action fromStatus toStatus detail actor { type } } } }`;

  it("the warehouse system's day: list yesterday's returns, read one by order name, note, flag one, process another — the merchant sees it all", async () => {
    const hook = await svc.http.post(
      `/v2.2/stores/${storeId}/webhooks`,
      { webhook: { topic: "return", callback: { url: `${sub.url}/hooks`, auth: { bearer: { token: "t" } } } } },
      { token: secret },
    );
    expect(hook.status).toBe(201);
    const a = await compatReturn(svc, storeId, secret);
    const b = await compatReturn(svc, storeId, secret);

    const list = await c.get("/return/list?paginate=true&pageSize=1");
    const seen = [...list.body.returns];
    let next = list.body.nextPageUrl;
    while (next) {
      const page = await c.getUrl(next);
      seen.push(...page.body.returns);
      next = page.body.nextPageUrl;
    }
    expect(seen.map((r) => r.service_id)).toEqual([a.id, b.id]);

    const details = await c.get(`/return/details?order_name=${encodeURIComponent(a.orderName.slice(1))}`);
    expect(details.body.service_id).toBe(a.id);
    expect((await c.post(`/return/${details.body.id}/note`, { content: "Two boxes, one damaged" })).body).toBe(true);
    expect((await c.post(`/return/${details.body.id}/flag`)).body).toBe(true);
    expect((await c.post(`/return/0/process?service_return_id=${b.id}`, { inspector: "Sam", dock: 4 })).body).toBe(true);

    // GraphQL: statuses, the note as a comment by the API client, the process details on the timeline.
    const ga = (await svc.http.graphql(TIMELINE, { id: a.id }, secret)).data.return;
    expect(ga).toMatchObject({
      status: "flagged",
      compatId: a.compatId,
      compatState: "open",
      comments: [{ message: "Two boxes, one damaged", author: { type: "api_client" } }],
    });
    expect(ga.timeline.map((t: any) => t.action)).toEqual(["created", "comment", "flag"]);
    const gb = (await svc.http.graphql(TIMELINE, { id: b.id }, secret)).data.return;
    expect(gb.status).toBe("complete");
    const processed = gb.timeline.at(-1);
    expect(processed).toMatchObject({ action: "process", fromStatus: "open", toStatus: "complete", actor: { type: "api_client" } });
    expect(JSON.parse(processed.detail)).toEqual({ processedItemIds: b.itemIds, additionalDetails: { inspector: "Sam", dock: 4 } });

    // REST: the same statuses and the note as a comment.
    expect((await svc.http.get(`/v2.2/returns/${a.id}/status`, { token: secret })).body).toEqual({ status: "flagged" });
    expect((await svc.http.get(`/v2.2/returns/${b.id}/status`, { token: secret })).body).toEqual({ status: "complete" });
    const comments = await svc.http.get(`/v2.2/returns/${a.id}/comments`, { token: secret });
    expect(JSON.stringify(comments.body)).toContain("Two boxes, one damaged");

    // Webhooks: created, then each change, per return, in order.
    const got = await sub.waitFor(
      (r) => r.filter((x) => x.json?.return?.id === a.id).length >= 3 && r.filter((x) => x.json?.return?.id === b.id).length >= 2,
      20_000,
    );
    const of = (id: string) => got.filter((x) => x.json?.return?.id === id).map((x) => [x.json.type, x.json.return.status]);
    expect(of(a.id)).toEqual([
      ["created", "open"],
      ["updated", "open"],
      ["updated", "flagged"],
    ]);
    expect(of(b.id)).toEqual([
      ["created", "open"],
      ["updated", "complete"],
    ]);
  });

  it("REST comments and GraphQL changes show on this door", async () => {
    const f = await compatReturn(svc, storeId, secret);
    expect(
      (await svc.http.post(`/v2.2/returns/${f.id}/comments`, { comment: { message: "From the merchant" } }, { token: secret })).status,
    ).toBe(201);
    const g = await svc.http.graphql(
      `mutation($id: ID!) { addReturnComment(id: $id, message: "From GraphQL") { id } }`,
      { id: f.id },
      secret,
    );
    expect(g.errors).toBeUndefined();
    const notes = await c.get(`/return/${f.compatId}/notes`);
    expect(notes.body.map((n: any) => n.content)).toEqual(["From the merchant", "From GraphQL"]);
    expect((await svc.http.put(`/v2.2/returns/${f.id}/status`, { status: "rejected" }, { token: secret })).status).toBe(204);
    expect((await c.get(`/return/details?return_id=${f.compatId}`)).body.state).toBe("closed");
    expect((await c.post(`/return/${f.compatId}/process`)).body).toEqual({
      errors: { message: "Return is closed and therefore cannot be processed.", code: "UNPROCESSABLE_RETURN" },
    });
  });

  it("scopes: GETs need returns_read, POSTs returns_write (403 in the platform's envelope)", async () => {
    const f = await compatReturn(svc, storeId, secret);
    const readOnly = compatClient(svc, (await svc.createApiClient(storeId, ["returns_read"])).secret);
    const writeOnly = compatClient(svc, (await svc.createApiClient(storeId, ["returns_write"])).secret);
    const none = compatClient(svc, (await svc.createApiClient(storeId, ["orders_read"])).secret);
    for (const who of [readOnly, none]) {
      const res = await who.post(`/return/${f.compatId}/flag`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
    }
    for (const who of [writeOnly, none]) {
      const res = await who.get(`/return/details?return_id=${f.compatId}`);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(FORBIDDEN);
      // Even a malformed request tells a caller without the scope only 403.
      const bad = await who.get(`/return/list?from=soon`);
      expect(bad.status).toBe(403);
    }
    expect((await readOnly.get(`/return/details?return_id=${f.compatId}`)).status).toBe(200);
    expect((await writeOnly.post(`/return/${f.compatId}/flag`)).body).toBe(true);
    // Bearer works as well as X-Authorization.
    const bearer = await svc.http.get(`${W}/return/details?return_id=${f.compatId}`, { token: secret });
    expect(bearer.body.service_id).toBe(f.id);
    const revoked = await svc.createApiClient(storeId, "all");
    await svc.services.db.prisma.apiClient.update({ where: { id: revoked.id }, data: { revokedAt: new Date() } });
    const r = await compatClient(svc, revoked.secret).post(`/return/${f.compatId}/close`);
    expect(r.status).toBe(401);
    expect(r.body).toEqual(UNAUTHORIZED);
  });

  it("rate limit per key: over the limit → 429; another key is unaffected", async () => {
    const key = compatClient(svc, (await svc.createApiClient(storeId, "all")).secret);
    // Fixed one-minute windows: the first 429 comes after at least 40 answers (more if a window ended meanwhile).
    let successes = 0;
    let limited: Awaited<ReturnType<typeof key.get>> | null = null;
    for (let i = 0; i < 120 && !limited; i++) {
      const res = await key.get(i % 2 ? "/return/details?return_id=1" : "/return/list");
      if (res.status === 429) limited = res;
      else {
        expect(res.status).toBe(200);
        successes++;
      }
    }
    expect(limited).not.toBeNull();
    expect(successes).toBeGreaterThanOrEqual(40);
    expect(limited!.body).toEqual({ message: "Too Many Attempts." });
    expect(limited!.headers.get("retry-after")).toMatch(/^\d+$/);
    const other = compatClient(svc, (await svc.createApiClient(storeId, "all")).secret);
    expect((await other.get("/return/details?return_id=1")).status).toBe(200);
  });
});
