// Store credit spent (issue 37 item 5) through the real doors, on both databases: a card issued by a processed
// return is looked up by its code, redeemed in part under an Idempotency-Key (replayed without spending twice,
// the key refused with another body), refused in words naming the field (more than the balance, another
// currency, nothing or less, an unknown card), reversed once; many parallel redemptions whose sum exceeds the
// balance spend exactly what it holds; every movement is one ledger row; scopes and stores are kept apart.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { issueGiftCard } from "../../support/gift-cards.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";
import { startSubscriber, type Subscriber } from "../../support/subscriber.js";

describe.each(providers)("store credit redeemed over REST (%s)", (provider) => {
  let svc: TestService;
  let sub: Subscriber;
  let storeId: string;
  let secret: string;
  let keyNo = 0;

  beforeAll(async () => {
    svc = await startTestService(provider, { ...NO_RATE_LIMITS, WEBHOOK_POLL_INTERVAL: "50ms" });
    sub = await startSubscriber();
    storeId = (await svc.createStore("Credit store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(async () => {
    await sub?.close();
    await svc?.close();
  });

  const cardPath = (code: string, store = storeId) => `/v2.2/stores/${store}/gift-cards/${encodeURIComponent(code)}`;
  const redeem = (code: string, body: Record<string, unknown>, key: string | null = `k-${provider}-${++keyNo}`, token = secret) =>
    svc.http.post(`${cardPath(code)}/redemptions`, body, { token, headers: key == null ? {} : { "Idempotency-Key": key } });
  const reverse = (code: string, id: string, body: Record<string, unknown> = {}) =>
    svc.http.post(`${cardPath(code)}/redemptions/${id}/reversal`, body, { token: secret });
  const balance = async (code: string) => {
    const res = await svc.http.get(cardPath(code), { token: secret });
    expect(res.status, res.text).toBe(200);
    return res.body.giftCard.balance.amount as string;
  };
  const ledger = async (code: string) => {
    const card = await svc.services.db.prisma.giftCard.findFirstOrThrow({ where: { storeId, code } });
    return svc.services.db.prisma.giftCardEntry.findMany({
      where: { giftCardId: card.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    });
  };

  /** A card issued the way store credit is: a return's store-credit line (41.00 USD: the test order's line) processed. */
  async function newCard(): Promise<string> {
    const card = await issueGiftCard(svc.http, storeId, secret);
    expect(card.amount).toEqual({ amount: "41.00", currency: "USD" });
    return card.code;
  }

  it("answers a card's balance, currency and whether it can be spent, with its issue in the history", async () => {
    const code = await newCard();
    const res = await svc.http.get(cardPath(code), { token: secret });
    expect(res.status).toBe(200);
    expect(res.body.giftCard).toMatchObject({
      code,
      amount: { amount: "41.00", currency: "USD" },
      balance: { amount: "41.00", currency: "USD" },
      currency: "USD",
      spendable: true,
    });
    expect(res.body.history.map((e: { kind: string }) => e.kind)).toEqual(["issue"]);
    const unknown = await svc.http.get(cardPath("9999000011112222"), { token: secret });
    expect(unknown.status).toBe(404);
    expect(unknown.body.type).toBe("com.retour.api:gift-card/not-found");
    expect(unknown.body.detail).toContain("9999000011112222");
  });

  it("redeems part of the balance; the same key and body replay without spending twice; another body is refused", async () => {
    const code = await newCard();
    const key = `order-A-${provider}`;
    const first = await redeem(code, { amount: "12.50", currency: "USD", reference: "order-A" }, key);
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(first.body.entry).toMatchObject({
      kind: "redemption",
      amount: { amount: "12.50", currency: "USD" },
      balanceAfter: { amount: "28.50", currency: "USD" },
      reference: "order-A",
      reversed: false,
    });
    expect(first.body.giftCard.balance.amount).toBe("28.50");
    const again = await redeem(code, { currency: "usd", amount: "12.50", reference: "order-A" }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.entry.id).toBe(first.body.entry.id);
    expect(await balance(code)).toBe("28.50");
    const other = await redeem(code, { amount: "1.00", currency: "USD", reference: "order-A" }, key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ type: "com.retour.api:request/idempotency-key-reused", field: "Idempotency-Key" });
    expect(other.body.detail).toContain(first.body.entry.id);
    expect(await balance(code)).toBe("28.50");
    expect((await ledger(code)).map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
      ["issue", 4100, 4100],
      ["redemption", 1250, 2850],
    ]);
  });

  it("refuses in words naming the field: more than the balance, another currency, nothing or less, an unknown card", async () => {
    const code = await newCard();
    const over = await redeem(code, { amount: "41.01", currency: "USD" });
    expect(over.status).toBe(422);
    expect(over.body).toMatchObject({ type: "com.retour.api:gift-card/insufficient-balance", field: "amount" });
    expect(over.body.detail).toBe(
      "`amount` 41.01 USD is more than the card's balance of 41.00 USD; redeem at most 41.00 and charge the rest another way.",
    );
    const currency = await redeem(code, { amount: "5.00", currency: "EUR" });
    expect(currency.status).toBe(422);
    expect(currency.body).toMatchObject({ type: "com.retour.api:gift-card/currency-mismatch", field: "currency" });
    expect(currency.body.detail).toContain("EUR");
    for (const amount of ["0", "0.00", "-5.00"]) {
      const zero = await redeem(code, { amount, currency: "USD" });
      expect(zero.status, amount).toBe(400);
      expect(zero.body).toMatchObject({ type: "com.retour.api:gift-card/amount-not-positive", field: "amount" });
    }
    const precise = await redeem(code, { amount: "1.001", currency: "USD" });
    expect(precise.status).toBe(400);
    expect(precise.body.field).toBe("amount");
    const text = await redeem(code, { amount: "ten", currency: "USD" });
    expect(text.status).toBe(400);
    expect(text.body.field).toBe("amount");
    const number = await redeem(code, { amount: 5, currency: "USD" });
    expect(number.status).toBe(400);
    expect(number.body.field).toBe("amount");
    const noKey = await redeem(code, { amount: "5.00", currency: "USD" }, null);
    expect(noKey.status).toBe(400);
    expect(noKey.body.field).toBe("Idempotency-Key");
    const unknown = await redeem("1234", { amount: "5.00", currency: "USD" });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ type: "com.retour.api:gift-card/not-found", field: "code" });
    // Nothing refused moved the balance or wrote a row.
    expect(await balance(code)).toBe("41.00");
    expect((await ledger(code)).map((e) => e.kind)).toEqual(["issue"]);
    // Exactly the balance is fine, and leaves a card that cannot be spent.
    const all = await redeem(code, { amount: "41", currency: "USD" });
    expect(all.status).toBe(201);
    expect(all.body.giftCard).toMatchObject({ balance: { amount: "0.00" }, spendable: false });
  });

  it("reverses a redemption once: the amount goes back, asked again it answers the same reversal", async () => {
    const code = await newCard();
    const spent = await redeem(code, { amount: "15.00", currency: "USD", reference: "order-B" });
    expect(spent.status).toBe(201);
    const id = spent.body.entry.id;
    const back = await reverse(code, id);
    expect(back.status, back.text).toBe(201);
    expect(back.body.entry).toMatchObject({
      kind: "reversal",
      amount: { amount: "15.00" },
      balanceAfter: { amount: "41.00" },
      reversesId: id,
      reference: "order-B",
    });
    const twice = await Promise.all([reverse(code, id), reverse(code, id, { reference: "cancelled" })]);
    for (const t of twice) {
      expect(t.status).toBe(201);
      expect(t.headers.get("idempotent-replayed")).toBe("true");
      expect(t.body.entry.id).toBe(back.body.entry.id);
    }
    expect(await balance(code)).toBe("41.00");
    const history = (await svc.http.get(cardPath(code), { token: secret })).body.history;
    expect(history.map((e: { kind: string; reversed: boolean }) => [e.kind, e.reversed])).toEqual([
      ["reversal", false],
      ["redemption", true],
      ["issue", false],
    ]);
    const nothing = await reverse(code, "gce_nothing");
    expect(nothing.status).toBe(404);
    expect(nothing.body).toMatchObject({ type: "com.retour.api:gift-card/redemption-not-found", field: "redemptionId" });
    // Another card's redemption is not this card's.
    const other = await newCard();
    expect((await reverse(other, id)).status).toBe(404);
    expect(await balance(other)).toBe("41.00");
  });

  it("spends exactly what the card holds under 24 parallel redemptions whose sum exceeds it; one key sent 6 times spends once", async () => {
    const code = await newCard();
    // 24 × 3.00 = 72.00 asked of 41.00: 13 fit (39.00), 11 are refused, 2.00 is left.
    const tries = await Promise.all(Array.from({ length: 24 }, () => redeem(code, { amount: "3.00", currency: "USD" })));
    const statuses = tries.map((t) => t.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(13);
    expect(statuses.filter((s) => s === 422)).toHaveLength(11);
    for (const t of tries.filter((t) => t.status === 422)) expect(t.body.field).toBe("amount");
    expect(await balance(code)).toBe("2.00");
    const rows = await ledger(code);
    expect(rows.filter((e) => e.kind === "redemption")).toHaveLength(13);
    expect(rows.reduce((sum, e) => sum + (e.kind === "issue" ? e.amount : e.kind === "redemption" ? -e.amount : e.amount), 0)).toBe(200);
    const card = await svc.services.db.prisma.giftCard.findFirstOrThrow({ where: { storeId, code } });
    expect(card.balance).toBe(200);
    expect(Math.min(...rows.map((e) => e.balanceAfter))).toBeGreaterThanOrEqual(0);

    const fresh = await newCard();
    const same = await Promise.all(Array.from({ length: 6 }, () => redeem(fresh, { amount: "7.00", currency: "USD" }, `same-${provider}`)));
    // Each answers the one redemption (the losers of the race read the winner's); never a second spend.
    expect(same.map((t) => t.status)).toEqual(Array(6).fill(201));
    expect(new Set(same.map((t) => t.body.entry.id)).size).toBe(1);
    expect(same.filter((t) => t.headers.get("idempotent-replayed") === "true")).toHaveLength(5);
    expect(await balance(fresh)).toBe("34.00");
    expect((await ledger(fresh)).filter((e) => e.kind === "redemption")).toHaveLength(1);
  });

  it("keeps scopes and stores apart; GraphQL answers the refusal as a code and its parameters", async () => {
    const code = await newCard();
    const reader = (await svc.createApiClient(storeId, ["gift_cards_read"])).secret;
    const returnsOnly = (await svc.createApiClient(storeId, ["returns_read", "returns_write"])).secret;
    expect((await svc.http.get(cardPath(code), { token: reader })).status).toBe(200);
    expect((await redeem(code, { amount: "1.00", currency: "USD" }, "scoped", reader)).status).toBe(403);
    expect((await svc.http.get(cardPath(code), { token: returnsOnly })).status).toBe(403);
    // A checkout key holding only the write scope redeems and reverses, and sees what it wrote.
    const writer = (await svc.createApiClient(storeId, ["gift_cards_write"])).secret;
    const written = await redeem(code, { amount: "1.00", currency: "USD" }, "writer-only", writer);
    expect(written.status, written.text).toBe(201);
    expect(written.body.giftCard.balance.amount).toBe("40.00");
    const undone = await svc.http.post(`${cardPath(code)}/redemptions/${written.body.entry.id}/reversal`, {}, { token: writer });
    expect(undone.status, undone.text).toBe(201);
    expect((await svc.http.get(cardPath(code), { token: writer })).status).toBe(403);
    const other = await svc.createStore("Other credit store");
    const otherSecret = (await svc.createApiClient(other.id, "all")).secret;
    // Another store's card is no card of this one, and this store's path is another store's to it.
    expect((await svc.http.get(cardPath(code, other.id), { token: otherSecret })).status).toBe(404);
    expect((await svc.http.get(cardPath(code), { token: otherSecret })).status).toBe(404);
    expect(await balance(code)).toBe("41.00");

    const res = await svc.http.graphql(
      `mutation($s: ID!, $c: String!) { redeemGiftCard(storeId: $s, code: $c, idempotencyKey: "gql-over", input: { amount: "50", currency: "USD" }) { replayed } }`,
      { s: storeId, c: code },
      secret,
    );
    expect(res.errors?.[0]?.extensions).toMatchObject({
      status: 422,
      field: "input.amount",
      refusal: { code: "INSUFFICIENT_BALANCE", params: { amount: "50.00", balance: "41.00", currency: "USD" } },
    });
  });

  it("tells `gift_card` webhooks of each redemption and reversal, with the balance right after it; a refusal tells nothing", async () => {
    const hook = await svc.http.post(
      `/v2.2/stores/${storeId}/webhooks`,
      { webhook: { topic: "gift_card", callback: { url: `${sub.url}/credit` } } },
      { token: secret },
    );
    expect(hook.status, hook.text).toBe(201);
    const code = await newCard();
    const events = () => svc.services.db.prisma.domainEvent.count({ where: { storeId, topic: "gift_card" } });
    const before = await events();
    expect((await redeem(code, { amount: "99.00", currency: "USD" })).status).toBe(422);
    expect(await events()).toBe(before); // written in the spending transaction: nothing spent, nothing recorded
    const spent = await redeem(code, { amount: "6.00", currency: "USD", reference: "order-W" });
    const back = await reverse(code, spent.body.entry.id);
    expect((await reverse(code, spent.body.entry.id)).headers.get("idempotent-replayed")).toBe("true");
    expect(await events()).toBe(before + 2);
    const got = await sub.waitFor((r) => r.filter((x) => x.json?.giftCard?.code === code).length >= 2, 20_000);
    const mine = got.filter((x) => x.json?.giftCard?.code === code).map((x) => x.json);
    expect(mine.map((j) => j.type).sort()).toEqual(["redeemed", "reversed"]);
    const redeemed = mine.find((j) => j.type === "redeemed");
    expect(redeemed.entry).toMatchObject({ id: spent.body.entry.id, kind: "redemption", amount: { amount: "6.00" }, reference: "order-W" });
    expect(redeemed.giftCard.balance).toEqual({ amount: "35.00", currency: "USD" });
    expect(mine.find((j) => j.type === "reversed").entry).toMatchObject({ id: back.body.entry.id, reversesId: spent.body.entry.id });
    expect(sub.invalidPayloads).toEqual([]);
  });
});
