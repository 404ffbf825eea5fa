// The warehouse platform's delivery format: the reference's worked example (warehouse-compat-webhooks.md
// §2.2) for the signer and the PHP json_encode-style encoder, the triggers, and the retry policy.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  warehouseBody,
  warehouseRetryDelay,
  warehouseSignature,
  phpJson,
  platformTriggersOf,
  retryAfterSeconds,
} from "../../src/warehouse/webhook-format.js";
import { triggersColumn } from "../../src/webhooks/formats.js";

const SECRET = "test_webhook_secret";

describe("X-Loop-Signature and the body bytes (reference §2.2 worked example)", () => {
  it("signs the first example exactly", () => {
    const body = phpJson({ topic: "return", trigger: "return.created", id: "1673", state: "open" });
    expect(body).toBe('{"topic":"return","trigger":"return.created","id":"1673","state":"open"}');
    expect(Buffer.byteLength(body)).toBe(72);
    expect(warehouseSignature(SECRET, body)).toBe("cvmLfPTzIiZrz18PppsK8BETvClJjHnPPVe0N4iE8Y4=");
  });

  it("escapes slashes as PHP does, and signs those bytes (not JSON.stringify's)", () => {
    const object = {
      topic: "return",
      trigger: "return.closed",
      id: "1673",
      state: "closed",
      status_page_url: "https://example.loopreturns.com/#/return/b3e4",
    };
    const body = phpJson(object);
    expect(body).toBe(
      '{"topic":"return","trigger":"return.closed","id":"1673","state":"closed","status_page_url":"https:\\/\\/example.loopreturns.com\\/#\\/return\\/b3e4"}',
    );
    expect(Buffer.byteLength(body)).toBe(144);
    expect(warehouseSignature(SECRET, body)).toBe("wVNqLl9gK2pGVEQxj70E5muy3fPjPtchQGHWjfdoABQ=");
    expect(warehouseSignature(SECRET, JSON.stringify(object))).toBe("SHZ38/ywYL6QbBvZNg/cmh95k11bWw5Jgx576ST0sdA=");
  });

  it("is what the platform's Node sample computes over the raw body", () => {
    const body = phpJson({ name: "Zoë / Ünïcødé ✓ 😀" });
    expect(warehouseSignature(SECRET, body)).toBe(createHmac("sha256", SECRET).update(Buffer.from(body)).digest("base64"));
  });

  it("writes non-ASCII as lower-case \\uXXXX (surrogate pairs for astral characters), and the bytes parse back unchanged", () => {
    const value = { s: "é✓😀\u2028", n: 1, b: true, z: null, a: ["x/y"] };
    const body = phpJson(value);
    expect(body).toBe('{"s":"\\u00e9\\u2713\\ud83d\\ude00\\u2028","n":1,"b":true,"z":null,"a":["x\\/y"]}');
    expect(/[^\x20-\x7e]/.test(body)).toBe(false);
    expect(JSON.parse(body)).toEqual(value);
  });

  it("puts topic and trigger first, then the stored object's fields", () => {
    expect(warehouseBody("return", "return.created", '{"id":"1","state":"open"}')).toBe(
      '{"topic":"return","trigger":"return.created","id":"1","state":"open"}',
    );
    expect(warehouseBody("return", "return.created", "{}")).toBe('{"topic":"return","trigger":"return.created"}');
  });
});

describe("the platform's triggers of an event (§5 q11)", () => {
  it("created, updated, and closed when the state becomes closed", () => {
    expect(platformTriggersOf({ topic: "return", type: "created" })).toEqual(["return.created"]);
    expect(platformTriggersOf({ topic: "return", type: "updated" })).toEqual(["return.updated"]);
    expect(platformTriggersOf({ topic: "return", type: "updated", statusChange: { from: "open", to: "complete" } })).toEqual([
      "return.updated",
      "return.closed",
    ]);
    expect(platformTriggersOf({ topic: "return", type: "updated", statusChange: { from: "open", to: "rejected" } })).toContain(
      "return.closed",
    );
    // Already closed (complete → rejected reads closed → closed): no second return.closed.
    expect(platformTriggersOf({ topic: "return", type: "updated", statusChange: { from: "complete", to: "rejected" } })).toEqual([
      "return.updated",
    ]);
    expect(platformTriggersOf({ topic: "return", type: "updated", statusChange: { from: "open", to: "deleted" } })).toEqual([
      "return.updated",
    ]);
    expect(platformTriggersOf({ topic: "return.processing", type: "failed" })).toEqual(["return.processing.failed"]);
    expect(platformTriggersOf({ topic: "order", type: "created" })).toEqual([]);
    expect(triggersColumn(["return.updated", "return.closed"])).toBe(",return.updated,return.closed,");
    expect(triggersColumn([])).toBeNull();
  });
});

describe("the platform's retry policy (§5 q7)", () => {
  const schedule = [30_000, 60_000, 120_000, 240_000, 480_000];
  const fail = (statusCode: number | null, retryAfter: string | null = null) => ({ ok: false, statusCode, retryAfter });

  it("retries network errors, 408, 429 and 5xx with backoff ±25%, 6 attempts in all", () => {
    for (const [n, base] of schedule.entries()) {
      const d = warehouseRetryDelay(schedule, n + 1, fail(null))!;
      expect(d).toBeGreaterThanOrEqual(base * 0.75);
      expect(d).toBeLessThanOrEqual(base * 1.25);
    }
    for (const s of [408, 429, 500, 502, 503, 599]) expect(warehouseRetryDelay(schedule, 1, fail(s))).not.toBeNull();
    expect(warehouseRetryDelay(schedule, 6, fail(503))).toBeNull();
  });

  it("does not retry a success or other statuses", () => {
    expect(warehouseRetryDelay(schedule, 1, { ok: true, statusCode: 204, retryAfter: null })).toBeNull();
    for (const s of [301, 400, 401, 403, 404, 410, 422]) expect(warehouseRetryDelay(schedule, 1, fail(s))).toBeNull();
  });

  it("honours Retry-After up to 1800 s and gives up above", () => {
    expect(warehouseRetryDelay(schedule, 1, fail(429, "2"))).toBe(2000);
    expect(warehouseRetryDelay(schedule, 1, fail(503, "1800"))).toBe(1_800_000);
    expect(warehouseRetryDelay(schedule, 1, fail(503, "1801"))).toBeNull();
    const now = Date.parse("2026-11-24T06:00:00Z");
    expect(retryAfterSeconds("Tue, 24 Nov 2026 06:01:00 GMT", now)).toBe(60);
    expect(retryAfterSeconds("soon", now)).toBeNull();
  });
});
