// The demo store's portal: a handle, its branding, English and French, both lookups, every return method.
import type { Services } from "../core/context.js";
import { randomBytes } from "node:crypto";

export async function seedPortal(services: Services, storeId: string) {
  const prisma = services.db.prisma;
  const taken = await prisma.portalSettings.findUnique({ where: { handle: "demo-outfitters" }, select: { storeId: true } });
  const handle = taken ? `demo-outfitters-${randomBytes(3).toString("hex")}` : "demo-outfitters";
  await prisma.portalSettings.create({
    data: {
      storeId,
      handle,
      displayName: "Demo Outfitters",
      logoUrl: null,
      accentColor: "#1F4E79",
      languages: "en,fr",
      lookupMethod: "either",
      returnAddress: JSON.stringify({
        name: "Demo Outfitters Returns",
        line1: "200 Warehouse Way",
        line2: null,
        city: "Columbus",
        state: "OH",
        postalCode: "43215",
        country: "US",
      }),
      returnMethods: "prepaid_label,drop_off_qr,ship_yourself",
      carrier: "test",
    },
  });
  return { portal: { handle } };
}
