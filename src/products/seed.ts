// Demo catalogue: a few product families with variants, through the same bulk upload merchants use. The
// demo orders (src/returns/seed.ts) and the README's tour sell these SKUs, so inventory and the overview agree.
import { systemContext, type Services } from "../core/context.js";
import * as products from "./service.js";

const SIZES = ["S", "M", "L", "XL"];

export async function seedProducts(services: Services, storeId: string) {
  const ctx = systemContext(services, storeId, "seed");
  const families: products.FamilyInput[] = [
    {
      title: "Trail Runner Shoe",
      vendor: "Northpeak",
      tags: ["footwear", "running"],
      externalId: "shop-1001",
      variants: [40, 41, 42, 43, 44].map((size) => ({
        sku: `TRS-${size}`,
        title: `EU ${size}`,
        price: 12900,
        currency: "USD",
        weight: 640,
        weightUnit: "g",
        optionValues: [String(size)],
      })),
      options: [{ name: "Size", values: ["40", "41", "42", "43", "44"] }],
    },
    {
      title: "Wool socks (3-pack)",
      vendor: "Northpeak",
      tags: ["socks"],
      externalId: "shop-1002",
      variants: [{ sku: "SOCK-3", title: "One size", price: 1800, currency: "USD", weight: 150, weightUnit: "g", upc: "084000100000" }],
    },
    {
      title: "Rain jacket",
      vendor: "Coastline",
      tags: ["outerwear"],
      externalId: "shop-1003",
      images: [{ url: "https://images.example.com/rain-jacket.jpg", altText: "Rain jacket, front" }],
      variants: SIZES.map((s) => ({ sku: `JKT-${s}`, title: s, price: 12900, currency: "USD", weight: 640, weightUnit: "g" })),
    },
    {
      title: "Organic tee",
      vendor: "Coastline",
      tags: ["tops"],
      externalId: "shop-1004",
      variants: SIZES.map((s) => ({ sku: `TEE-${s}`, title: s, price: 2800, currency: "USD", weight: 180, weightUnit: "g" })),
    },
    {
      title: "Canvas Tote",
      vendor: "Coastline",
      tags: ["bags"],
      variants: [
        { sku: "TOTE-NAT", title: "Natural", price: 3500, currency: "USD" },
        { sku: "TOTE-BLK", title: "Black", price: 3500, currency: "USD" },
      ],
    },
    { title: "Gift Wrap", kind: "NON_SELLABLE", variants: [{ sku: "GIFT-WRAP", price: 0, currency: "USD" }] },
  ];
  const result = await products.bulkUpload(ctx, storeId, families);
  return { productFamilies: result.processed, products: families.reduce((n, f) => n + f.variants.length, 0) };
}
