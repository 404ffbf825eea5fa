// The dashboard's helpers for the warehouse platform's webhooks (facades/dashboard/app/src/logic.ts):
// the topic/trigger pickers, the form's own checks, the status toggle, and the "verify a delivery"
// snippet shown next to the signing secret, run here against the reference's worked example.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  VERIFY_LOOP_SIGNATURE,
  toggledStatus,
  triggerFor,
  triggersOf,
  warehouseWebhookInput,
} from "../../facades/dashboard/app/src/logic.js";
import { WAREHOUSE_TOPIC_TRIGGERS as TOPICS } from "../../src/warehouse/webhooks.js";

const form = { topic: "return", trigger: "return.created", url: "https://example.com/hooks/loop", status: "inactive" as const };

describe("warehouse webhook pickers", () => {
  // The pickers take the core's table (`warehouseWebhookTopics`); the dashboard keeps no copy of it.
  it("offers each topic's triggers from the core's table", () => {
    expect(TOPICS.map((t) => t.topic)).toEqual(["return", "return.processing", "label"]);
    expect(triggersOf(TOPICS, "return")).toEqual(["return.created", "return.updated", "return.closed"]);
    expect(triggersOf(TOPICS, "return.processing")).toEqual(["return.processing.failed"]);
    expect(triggersOf(TOPICS, "label")).toEqual(["label.created", "label.updated"]);
    expect(triggersOf(TOPICS, "restock")).toEqual([]);
    expect(triggersOf([{ topic: "restock", triggers: ["restock.requested"] }], "restock")).toEqual(["restock.requested"]);
  });

  it("keeps the trigger when the new topic has it, else takes the topic's first", () => {
    expect(triggerFor(TOPICS, "return", "return.closed")).toBe("return.closed");
    expect(triggerFor(TOPICS, "return.processing", "return.closed")).toBe("return.processing.failed");
    expect(triggerFor(TOPICS, "return", "return.processing.failed")).toBe("return.created");
    expect(triggerFor(TOPICS, "label", "return.created")).toBe("label.created");
    expect(triggerFor(TOPICS, "restock", "return.created")).toBe("");
  });

  it("toggles the status in one click", () => {
    expect(toggledStatus("active")).toBe("inactive");
    expect(toggledStatus("inactive")).toBe("active");
  });
});

describe("warehouse webhook form → WarehouseWebhookInput", () => {
  it("passes a valid form with the URL trimmed", () => {
    expect(warehouseWebhookInput({ ...form, url: "  https://example.com/hooks/loop " }, 2048, TOPICS)).toEqual({ input: form });
    expect(warehouseWebhookInput({ ...form, status: "active" }, 2048, TOPICS)).toEqual({ input: { ...form, status: "active" } });
  });

  it("names the field of each problem it can see before asking the core", () => {
    expect(warehouseWebhookInput({ ...form, url: "  " }, 2048, TOPICS)).toEqual({
      errors: { url: "Enter the URL the deliveries are POSTed to." },
    });
    expect(warehouseWebhookInput({ ...form, url: `https://example.com/${"a".repeat(30)}` }, 30, TOPICS)).toEqual({
      errors: { url: "The URL has 50 characters; at most 30 are accepted." },
    });
    expect(warehouseWebhookInput({ ...form, url: "example.com/hook" }, 2048, TOPICS)).toEqual({
      errors: { url: "Enter a full URL starting with https:// (e.g. https://example.com/hooks/loop)." },
    });
    expect(warehouseWebhookInput({ ...form, topic: "restock", trigger: "restock.requested" }, 2048, TOPICS)).toEqual({
      errors: { topic: "Choose a topic: return, return.processing or label." },
    });
    expect(warehouseWebhookInput({ ...form, trigger: "return.processing.failed", url: "" }, 2048, TOPICS)).toEqual({
      errors: {
        trigger: "Choose a trigger of the topic return: return.created, return.updated, return.closed.",
        url: "Enter the URL the deliveries are POSTed to.",
      },
    });
  });
});

describe("the verify-a-delivery snippet", () => {
  // The snippet as a merchant would paste it, minus its import (crypto is passed in).
  const source = VERIFY_LOOP_SIGNATURE.replace(/^import .*$/m, "");
  const isFromRetour = new Function("crypto", `${source}\nreturn isFromRetour;`)(crypto) as (
    raw: Buffer,
    header: string | undefined,
    secret: string,
  ) => boolean;
  // warehouse-compat-webhooks.md §2.2, worked example.
  const body = Buffer.from('{"topic":"return","trigger":"return.created","id":"1673","state":"open"}');
  const signature = "cvmLfPTzIiZrz18PppsK8BETvClJjHnPPVe0N4iE8Y4=";

  it("accepts the reference's signed body and refuses a changed body, secret or header", () => {
    expect(VERIFY_LOOP_SIGNATURE).toContain('crypto.createHmac("sha256", secret).update(rawBody).digest("base64")');
    expect(isFromRetour(body, signature, "test_webhook_secret")).toBe(true);
    expect(isFromRetour(Buffer.from(body.toString().replace("open", "closed")), signature, "test_webhook_secret")).toBe(false);
    expect(isFromRetour(body, signature, "another_secret")).toBe(false);
    expect(isFromRetour(body, undefined, "test_webhook_secret")).toBe(false);
    expect(isFromRetour(body, signature.slice(0, -1), "test_webhook_secret")).toBe(false);
  });
});
