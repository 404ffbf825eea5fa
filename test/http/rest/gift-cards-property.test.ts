// Store credit under random use, through REST on both databases (issue 37 item 5): whatever sequence of
// redemptions (keys reused with the same or another body, other currencies, nothing or less, more than the
// balance), reversals (once, twice, of any earlier redemption) and bursts of parallel redemptions a storefront
// sends, every answer is the one a model of the card predicts, the balance never goes below zero, and the
// ledger adds up: issue − redemptions + reversals = balance, one row per key, one reversal per redemption.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providers } from "../../support/env.js";
import { issueGiftCard } from "../../support/gift-cards.js";
import { NO_RATE_LIMITS, startTestService, type TestService } from "../../support/server.js";

type Op =
  | { kind: "redeem"; key: number; cents: number; currency: "USD" | "EUR" }
  | { kind: "reverse"; which: number }
  | { kind: "burst"; cents: number[] };

const cents = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 2500 }) },
  { weight: 1, arbitrary: fc.integer({ min: -300, max: 0 }) },
);
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant("redeem" as const),
      key: fc.integer({ min: 0, max: 5 }),
      cents,
      currency: fc.constantFrom("USD" as const, "USD" as const, "USD" as const, "EUR" as const),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("reverse" as const), which: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("burst" as const),
      cents: fc.array(fc.integer({ min: 1, max: 1500 }), { minLength: 2, maxLength: 8 }),
    }),
  },
);

const decimal = (c: number) => `${c < 0 ? "-" : ""}${Math.floor(Math.abs(c) / 100)}.${String(Math.abs(c) % 100).padStart(2, "0")}`;

describe.each(providers)("store credit under random redemptions and reversals (%s)", (provider) => {
  let svc: TestService;
  let storeId: string;
  let secret: string;
  let run = 0;

  beforeAll(async () => {
    svc = await startTestService(provider, { WEBHOOK_DISPATCHER: "false", MAIL_SENDER: "false", ...NO_RATE_LIMITS });
    storeId = (await svc.createStore("Credit property store")).id;
    secret = (await svc.createApiClient(storeId, "all")).secret;
  });
  afterAll(() => svc?.close());

  async function newCard(): Promise<{ code: string; issued: number }> {
    const card = await issueGiftCard(svc.http, storeId, secret);
    return { code: card.code, issued: Math.round(Number(card.amount.amount) * 100) };
  }

  it("answers as the model predicts, never below zero, the ledger adding up", { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        const { code, issued } = await newCard();
        const base = `/v2.2/stores/${storeId}/gift-cards/${code}`;
        const prefix = `r${++run}-${provider}`;
        let balance = issued;
        /** Successful redemptions: their id, amount, and whether reversed; keys by the body they spent with. */
        const spent: { id: string; cents: number; reversed: boolean }[] = [];
        let bursts = 0;
        const keys = new Map<string, { body: string; id: string }>();
        const redeem = (key: string, body: Record<string, unknown>) =>
          svc.http.post(`${base}/redemptions`, body, { token: secret, headers: { "Idempotency-Key": key } });

        for (const o of ops) {
          if (o.kind === "redeem") {
            const key = `${prefix}-k${o.key}`;
            const body = { amount: decimal(o.cents), currency: o.currency, reference: `order-${o.key}` };
            const res = await redeem(key, body);
            const prior = keys.get(key);
            if (prior && prior.body === JSON.stringify(body)) {
              expect(res.status, res.text).toBe(201);
              expect(res.body.entry.id).toBe(prior.id);
              expect(res.headers.get("idempotent-replayed")).toBe("true");
            } else if (prior) {
              expect(res.status, res.text).toBe(422);
              expect(res.body.field).toBe("Idempotency-Key");
            } else if (o.currency !== "USD") {
              expect([res.status, res.body.field]).toEqual([422, "currency"]);
            } else if (o.cents <= 0) {
              expect([res.status, res.body.field]).toEqual([400, "amount"]);
            } else if (o.cents > balance) {
              expect([res.status, res.body.field, res.body.type]).toEqual([422, "amount", "com.retour.api:gift-card/insufficient-balance"]);
            } else {
              expect(res.status, res.text).toBe(201);
              balance -= o.cents;
              expect(res.body.entry.balanceAfter.amount).toBe(decimal(balance));
              keys.set(key, { body: JSON.stringify(body), id: res.body.entry.id });
              spent.push({ id: res.body.entry.id, cents: o.cents, reversed: false });
            }
          } else if (o.kind === "reverse") {
            if (!spent.length) continue;
            const target = spent[o.which % spent.length]!;
            const res = await svc.http.post(`${base}/redemptions/${target.id}/reversal`, {}, { token: secret });
            expect(res.status, res.text).toBe(201);
            expect(res.headers.get("idempotent-replayed") === "true").toBe(target.reversed);
            if (!target.reversed) balance += target.cents;
            target.reversed = true;
          } else {
            const before = balance;
            const burst = ++bursts;
            const answers = await Promise.all(
              o.cents.map((c, i) => redeem(`${prefix}-b${burst}-${i}`, { amount: decimal(c), currency: "USD" })),
            );
            let took = 0;
            answers.forEach((res, i) => {
              if (res.status === 201) {
                took += o.cents[i]!;
                spent.push({ id: res.body.entry.id, cents: o.cents[i]!, reversed: false });
              } else expect([res.status, res.body.field]).toEqual([422, "amount"]);
            });
            balance = before - took;
            expect(balance).toBeGreaterThanOrEqual(0);
            // A refused one asked more than the balance it met, which only went down during the burst.
            answers.forEach((res, i) => res.status !== 201 && expect(o.cents[i]!).toBeGreaterThan(balance));
          }
        }

        const read = await svc.http.get(`${base}?history-size=500`, { token: secret });
        expect(read.body.giftCard.balance.amount).toBe(decimal(balance));
        expect(read.body.giftCard.spendable).toBe(balance > 0);
        const card = await svc.services.db.prisma.giftCard.findFirstOrThrow({ where: { storeId, code } });
        const rows = await svc.services.db.prisma.giftCardEntry.findMany({ where: { giftCardId: card.id } });
        expect(card.balance).toBe(balance);
        const sum = rows.reduce((s, e) => s + (e.kind === "redemption" ? -e.amount : e.amount), 0);
        expect(sum).toBe(card.balance);
        expect(rows.filter((e) => e.kind === "issue")).toHaveLength(1);
        expect(rows.filter((e) => e.kind === "redemption")).toHaveLength(spent.length);
        expect(rows.filter((e) => e.kind === "reversal")).toHaveLength(spent.filter((s) => s.reversed).length);
        for (const e of rows) expect(e.balanceAfter).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 12 },
    );
  });
});
