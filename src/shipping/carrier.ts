// A carrier issues a return label: a tracking number and the label as PDF bytes. Only the test carrier
// exists (no real carrier is reachable from here); a real one implements the same interface and is
// added to CARRIERS, and every store that picks it gets its labels from it.
import { randomInt } from "node:crypto";
import { type LabelAddress, labelPdf } from "./label-pdf.js";

export type { LabelAddress };

export interface LabelRequest {
  /** What the label names the return by (e.g. "R12"). */
  returnNumber: string;
  from: LabelAddress;
  to: LabelAddress;
}

export interface Label {
  trackingNumber: string;
  pdf: Buffer;
}

export interface Carrier {
  /** Stored on the store's settings and the shipment. */
  code: string;
  /** The carrier as shoppers and merchants read it (stored in the return's `label.carrier`). */
  name: string;
  createLabel(request: LabelRequest): Promise<Label>;
}

/** A 12-digit number with a mod-10 check digit behind "RT": shaped like a real one, never a real one. */
export function testTrackingNumber(): string {
  let digits = "";
  for (let i = 0; i < 11; i++) digits += String(randomInt(0, 10));
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 3 : 1);
  return `RT${digits}${(10 - (sum % 10)) % 10}`;
}

export const TEST_CARRIER: Carrier = {
  code: "test",
  name: "Retour Test Carrier",
  async createLabel(request) {
    const trackingNumber = testTrackingNumber();
    return { trackingNumber, pdf: await labelPdf({ ...request, trackingNumber, carrierName: TEST_CARRIER.name }) };
  },
};

export const CARRIERS: readonly Carrier[] = [TEST_CARRIER];

export function carrierByCode(code: string): Carrier | null {
  return CARRIERS.find((c) => c.code === code) ?? null;
}
