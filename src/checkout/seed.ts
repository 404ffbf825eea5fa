// Demo data for the checkout domain: a live and a not-live experience, A/B tests in every state.
import { systemContext, type Services } from "../core/context.js";
import * as checkout from "./service.js";

export async function seedCheckout(services: Services, storeId: string) {
  const ctx = systemContext(services, storeId, "seed");
  const standard = await checkout.createExperience(ctx, storeId, {
    name: "Standard checkout",
    description: "Ground and express shipping for domestic orders",
    shippingMethods: [
      { name: "Ground", carrier: "UPS", price: "4.95", currency: "USD", minDays: 3, maxDays: 5 },
      { name: "Express", carrier: "UPS", price: "14.95", currency: "USD", minDays: 1, maxDays: 2 },
    ],
  });
  const international = await checkout.createExperience(ctx, storeId, {
    name: "International",
    description: "Tracked international shipping",
    shippingMethods: [{ name: "International tracked", carrier: "DHL", price: "24.00", currency: "USD", minDays: 5, maxDays: 10 }],
  });
  const holiday = await checkout.createExperience(ctx, storeId, {
    name: "Holiday free shipping (retired)",
    description: "Last season's promotion; no longer routed",
    shippingMethods: [{ name: "Free ground", carrier: "USPS", price: "0.00", currency: "USD", minDays: 4, maxDays: 8 }],
  });
  await checkout.setCheckoutTree(ctx, storeId, [
    { name: "Outside the US", countries: ["CA", "GB", "DE", "FR", "AU"], experienceId: international.id },
    { name: "Everyone else", countries: [], experienceId: standard.id },
  ]);

  const running = await checkout.createAbTest(ctx, storeId, {
    name: "Free shipping threshold",
    description: "Does free shipping over $50 lift conversion?",
    treatments: [
      { name: "control", weight: 50, isControl: true },
      { name: "free-over-50", weight: 50 },
    ],
  });
  const toControl = await checkout.createAbTest(ctx, storeId, {
    name: "Express first",
    description: "Listing express before ground",
    treatments: [
      { name: "control", weight: 50, isControl: true },
      { name: "express-first", weight: 50 },
    ],
  });
  await checkout.concludeAbTest(ctx, storeId, toControl.id, null);
  const toWinner = await checkout.createAbTest(ctx, storeId, {
    name: "Delivery estimates",
    description: "Showing delivery dates instead of day ranges",
    treatments: [
      { name: "control", weight: 34, isControl: true },
      { name: "dates", weight: 33 },
      { name: "dates-and-ranges", weight: 33 },
    ],
  });
  await checkout.concludeAbTest(ctx, storeId, toWinner.id, "dates");
  const deleted = await checkout.createAbTest(ctx, storeId, {
    name: "Abandoned experiment",
    treatments: [
      { name: "control", weight: 90, isControl: true },
      { name: "variant", weight: 10 },
    ],
  });
  await checkout.deleteAbTest(ctx, storeId, deleted.id);

  return {
    checkoutExperiences: [
      { id: standard.id, name: standard.name, live: true },
      { id: international.id, name: international.name, live: true },
      { id: holiday.id, name: holiday.name, live: false },
    ],
    abTests: [
      { id: running.id, deleted: false, concluded: false },
      { id: toControl.id, deleted: false, concluded: true },
      { id: toWinner.id, deleted: false, concluded: true },
      { id: deleted.id, deleted: true, concluded: false },
    ],
  };
}
