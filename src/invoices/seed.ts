// Demo invoices: a paid and an issued one from earlier months, and the open (pending) one.
import { systemContext, type Services } from "../core/context.js";
import { newId } from "../core/ids.js";
import * as invoices from "./service.js";

export async function seedInvoices(services: Services, storeId: string) {
  const prisma = services.db.prisma;
  const now = new Date();
  const month = (offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  const past = async (status: "paid" | "issued", offset: number, count: number) => {
    const id = newId("inv");
    await prisma.invoice.create({
      data: { id, storeId, status, currency: "USD", periodStart: month(offset), periodEnd: month(offset + 1) },
    });
    await prisma.invoiceItem.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        id: newId("ivi"),
        invoiceId: id,
        occurredAt: new Date(month(offset).getTime() + (i + 1) * 3_600_000 * 7),
        type: i % 3 === 0 ? "return_label" : "return_processing",
        description: i % 3 === 0 ? "Prepaid return label (UPS Ground)" : "Return processed",
        orderName: `#${1000 + i}`,
        returnId: null,
        quantity: 1,
        unitAmount: i % 3 === 0 ? 795 : 150,
        amount: i % 3 === 0 ? 795 : 150,
        currency: "USD",
      })),
    });
  };
  await past("paid", -2, 12);
  await past("issued", -1, 9);
  const ctx = systemContext(services, storeId, "seed");
  await invoices.addBillableItems(ctx, storeId, [
    { type: "return_label", description: "Prepaid return label (UPS Ground)", orderName: "#1042", unitAmount: 795 },
    {
      type: "return_processing",
      description: 'Return processed, "exchange" for size L, 2 items',
      orderName: "#1043",
      quantity: 2,
      unitAmount: 150,
    },
    {
      type: "package_protection",
      description: '=HYPERLINK("http://example.com") (a customer-entered note, shown safely)',
      orderName: "#1044",
      unitAmount: 99,
    },
    { type: "adjustment", description: "Credit: label voided", orderName: "#1042", unitAmount: -795 },
  ]);
  return { invoices: 3 };
}
