import { describe, expect, it } from "vitest";
import { adjust, fairShare, saturated } from "../../src/webhooks/fairness.js";

describe("fair shares of the webhook dispatcher", () => {
  const due = (stores: string) => [...stores].map((storeId, seq) => ({ seq, storeId }));

  it("takes stores in turns, in due order within a turn", () => {
    expect(fairShare(due("BBBBBBA"), 3, new Map(), 8).map((c) => `${c.storeId}${c.seq}`)).toEqual(["B0", "A6", "B1"]);
  });

  it("gives a store no more than its share minus what it has in flight", () => {
    const busy = new Map([["B", 7]]);
    expect(fairShare(due("BBBBA"), 10, busy, 8).map((c) => c.storeId)).toEqual(["B", "A"]);
    expect(fairShare(due("BBBB"), 10, new Map([["B", 8]]), 8)).toEqual([]);
  });

  it("counts attempts in flight and names the saturated keys", () => {
    const busy = new Map<string, number>();
    adjust(busy, "https://a.example", 1);
    adjust(busy, "https://a.example", 1);
    adjust(busy, "https://b.example", 1);
    expect(saturated(busy, 2)).toEqual(["https://a.example"]);
    adjust(busy, "https://b.example", -1);
    expect([...busy.keys()]).toEqual(["https://a.example"]);
  });
});
