// Issue 13 finding 3: the masked token (`********`) keeps the stored subscriber token only while the
// callback stays on its origin; moving it elsewhere needs the token again, on every door.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { startTestService, type TestService } from "../../support/server.js";
import { startSubscriber, type Subscriber } from "../../support/subscriber.js";
import { emit } from "../../support/webhooks.js";

const MASKED = "********";
/** The dispatcher caches a webhook's row for a second: an update takes effect after it. */
const settle = () => new Promise((r) => setTimeout(r, 1100));
const TOKEN_FIELD = "webhook.callback.auth.bearer.token";

describe.each(providers)("masked webhook token across origins (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let home: Subscriber;
  let attacker: Subscriber;

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_POLL_INTERVAL: "50ms", WEBHOOK_RETRY_SCHEDULE: "" });
    storeId = (await svc.createStore()).id;
    secret = (await svc.createApiClient(storeId, ["webhooks_read", "webhooks_write"])).secret;
    home = await startSubscriber();
    attacker = await startSubscriber(); // another port: another origin
  });
  afterAll(async () => {
    await home?.close();
    await attacker?.close();
    await svc?.close();
  });

  async function create(externalId: string) {
    const res = await svc.http.post(
      `/v2.2/stores/${storeId}/webhooks`,
      {
        webhook: { topic: "return", externalId, callback: { url: `${home.url}/${externalId}`, auth: { bearer: { token: "real-token" } } } },
      },
      { token: secret },
    );
    expect(res.status).toBe(201);
    return res.body.webhook.id as string;
  }

  const stored = (id: string) => svc.services.db.prisma.webhook.findUniqueOrThrow({ where: { id } });

  it("REST PUT to another origin with the masked token is refused, naming the field; nothing changes and the token never leaves", async () => {
    const id = await create("rest-move");
    const before = await stored(id);
    const res = await svc.http.put(
      `/v2.2/webhooks/${id}`,
      { webhook: { callback: { url: `${attacker.url}/steal`, auth: { bearer: { token: MASKED } } } } },
      { token: secret },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(res.body.field ?? res.body.detail).toContain(TOKEN_FIELD);
    expect(res.body.detail).toMatch(/send the subscriber's token again/);
    expect(await stored(id)).toEqual(before);

    await emit(svc.services, storeId, "ret_token_1", "created");
    await home.waitFor((r) => r.some((x) => x.path === "/rest-move"));
    expect(home.received.find((x) => x.path === "/rest-move")!.headers.authorization).toBe("Bearer real-token");
    expect(attacker.received).toHaveLength(0);
  });

  it("the masked token still keeps the token on the same origin; another origin takes a new token or none", async () => {
    const id = await create("rest-keep");
    const samePlace = await svc.http.put(
      `/v2.2/webhooks/${id}`,
      { webhook: { callback: { url: `${home.url}/rest-keep-2`, auth: { bearer: { token: MASKED } } } } },
      { token: secret },
    );
    expect(samePlace.status).toBe(204);
    await settle();
    await emit(svc.services, storeId, "ret_token_2", "created");
    await home.waitFor((r) => r.some((x) => x.path === "/rest-keep-2"));
    expect(home.received.find((x) => x.path === "/rest-keep-2")!.headers.authorization).toBe("Bearer real-token");

    const moved = await svc.http.put(
      `/v2.2/webhooks/${id}`,
      { webhook: { callback: { url: `${attacker.url}/new-home`, auth: { bearer: { token: "new-token" } } } } },
      { token: secret },
    );
    expect(moved.status).toBe(204);
    const noAuth = await create("rest-none");
    const movedBare = await svc.http.put(
      `/v2.2/webhooks/${noAuth}`,
      { webhook: { callback: { url: `${attacker.url}/bare`, auth: null } } },
      { token: secret },
    );
    expect(movedBare.status).toBe(204);
    await settle();
    await emit(svc.services, storeId, "ret_token_3", "created");
    await attacker.waitFor((r) => r.some((x) => x.path === "/new-home") && r.some((x) => x.path === "/bare"));
    expect(attacker.received.find((x) => x.path === "/new-home")!.headers.authorization).toBe("Bearer new-token");
    expect(attacker.received.find((x) => x.path === "/bare")!.headers.authorization).toBeUndefined();
    expect(attacker.received.map((x) => x.headers.authorization)).not.toContain("Bearer real-token");
  });

  it("GraphQL updateWebhook and the create-by-externalId upsert apply the same rule", async () => {
    const id = await create("gql-move");
    const before = await stored(id);
    const update = await svc.http.graphql(
      `mutation($id: ID!, $input: UpdateWebhookInput!) { updateWebhook(id: $id, input: $input) { id } }`,
      { id, input: { callback: { url: `${attacker.url}/gql`, auth: { bearer: { token: MASKED } } } } },
      secret,
    );
    expect(update.errors?.[0].extensions).toMatchObject({ status: 400, field: TOKEN_FIELD });
    const upsert = await svc.http.post(
      `/v2.2/stores/${storeId}/webhooks`,
      {
        webhook: {
          topic: "return",
          externalId: "gql-move",
          callback: { url: `${attacker.url}/upsert`, auth: { bearer: { token: MASKED } } },
        },
      },
      { token: secret },
    );
    expect(upsert.status).toBe(400);
    expect(upsert.body.field ?? upsert.body.detail).toContain(TOKEN_FIELD);
    expect(await stored(id)).toEqual(before);
  });
});
