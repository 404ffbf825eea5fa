// Demo data for every domain, and the first-run bootstrap of `npm start` on an empty database.
import type { Services } from "../core/context.js";
import { seedCheckout } from "../checkout/seed.js";
import { seedReturns } from "../returns/seed.js";
import { seedProducts } from "../products/seed.js";
import { seedInbound } from "../inbound/seed.js";
import { seedInvoices } from "../invoices/seed.js";
import { seedPortal } from "../portal/seed.js";
import { createApiClient, createStaffUser, createStore } from "../identity/service.js";
import { ALL_SCOPES } from "../identity/scopes.js";

/** Seeds realistic demo data for each domain into a store; returns what it made, per domain. */
export async function seedStore(services: Services, storeId: string): Promise<Record<string, unknown>> {
  const summary: Record<string, unknown> = {};
  Object.assign(summary, await seedCheckout(services, storeId));
  Object.assign(summary, await seedPortal(services, storeId));
  // The catalogue first: the demo returns restock its products.
  Object.assign(summary, await seedProducts(services, storeId));
  Object.assign(summary, await seedReturns(services, storeId));
  Object.assign(summary, await seedInbound(services, storeId));
  Object.assign(summary, await seedInvoices(services, storeId));
  return summary;
}

export const DEMO_EMAIL = "demo@retour.test";
export const DEMO_PASSWORD = "retour-demo";

/** On an empty database: a demo store, a staff user, an all-scope API client, demo data. */
export async function bootstrapDemo(services: Services) {
  const stores = await services.db.prisma.store.count();
  if (stores > 0) return null;
  const store = await createStore(services, "Demo Outfitters");
  await createStaffUser(services, store.id, DEMO_EMAIL, DEMO_PASSWORD, "Demo Merchant");
  const { secret } = await createApiClient(services, store.id, { name: "Demo key (all scopes)", scopes: [...ALL_SCOPES] });
  const seeded = await seedStore(services, store.id);
  return { storeId: store.id, secret, seeded };
}
