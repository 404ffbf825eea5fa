// A Vendure 3.7 server for Retour's shop-connection tests, started by test/support/vendure.ts as a child process:
// `node serve.mjs` with VENDURE_PEER_DIR (the installed peer, test/support/peers.ts), VENDURE_PORT, VENDURE_DB (a
// SQLite file of its own), VENDURE_SUPERADMIN_PASSWORD (not Vendure's default) and VENDURE_COOKIE_SECRET.
// It makes its schema, seeds a small catalogue (products with variants and stock, a zone, a tax rate, a shipping
// method, the test payment handler, three roles for API keys), then prints one line `VENDURE_READY {json}`.
import { createRequire } from "node:module";
import { writeFileSync } from "node:fs";
import { join, dirname } from "node:path";

const peer = process.env.VENDURE_PEER_DIR;
const require = createRequire(join(peer, "package.json"));
const { bootstrap, dummyPaymentHandler, DefaultLogger, LogLevel, LanguageCode } = require("@vendure/core");
const { populate } = require("@vendure/core/cli");

const port = Number(process.env.VENDURE_PORT);
const database = process.env.VENDURE_DB;

/** The catalogue: name, slug, option group, then one line per variant (option, SKU, price in major units, stock). */
const PRODUCTS = [
  {
    name: "Organic tee",
    slug: "organic-tee",
    type: "apparel",
    group: "size",
    variants: [
      ["S", "TEE-S", "28.00", 20],
      ["M", "TEE-M", "28.00", 20],
      ["L", "TEE-L", "28.00", 3],
    ],
  },
  {
    name: "Rain jacket",
    slug: "rain-jacket",
    type: "outerwear",
    group: "size",
    variants: [
      ["M", "JKT-M", "129.00", 5],
      ["L", "JKT-L", "129.00", 5],
    ],
  },
  // Not counted in stock, and a shop may sell more of it in one line than Retour takes (a wholesale order).
  { name: "Sticker", slug: "sticker", type: "accessories", group: "design", untracked: true, variants: [["Logo", "STK-1", "1.00", 0]] },
];

function csv() {
  const head =
    "name,slug,description,assets,facets,optionGroups,optionValues,sku,price,taxCategory,stockOnHand,trackInventory,variantAssets,variantFacets";
  const rows = [head];
  for (const p of PRODUCTS)
    p.variants.forEach(([option, sku, price, stock], i) => {
      const first = i === 0;
      rows.push(
        [
          first ? p.name : "",
          first ? p.slug : "",
          first ? `${p.name} for the tests` : "",
          "",
          first ? `type:${p.type}` : "",
          first ? p.group : "",
          option,
          sku,
          price,
          "Standard Tax",
          String(stock),
          p.untracked ? "false" : "true",
          "",
          "",
        ].join(","),
      );
    });
  return `${rows.join("\n")}\n`;
}

const initialData = {
  defaultLanguage: LanguageCode.en,
  defaultZone: "Americas",
  roles: [
    { code: "order-reader", description: "Reads orders (what Retour needs)", permissions: ["ReadOrder", "ReadCatalog", "ReadCustomer"] },
    { code: "catalog-reader", description: "Reads the catalogue only", permissions: ["ReadCatalog"] },
    {
      code: "order-manager",
      description: "Reads orders, refunds them, places exchange orders, restocks, makes promotions (what Retour's outcomes need)",
      permissions: [
        "ReadOrder",
        "UpdateOrder",
        "CreateOrder",
        "DeleteOrder",
        "ReadCatalog",
        "UpdateCatalog",
        "ReadCustomer",
        "ReadPromotion",
        "CreatePromotion",
      ],
    },
  ],
  countries: [{ code: "US", name: "United States", zone: "Americas" }],
  taxRates: [{ name: "Standard Tax", percentage: 10 }],
  shippingMethods: [{ name: "Standard Shipping", price: 500 }],
  paymentMethods: [
    { name: "Test payment", handler: { code: dummyPaymentHandler.code, arguments: [{ name: "automaticSettle", value: "true" }] } },
  ],
  collections: [],
};

const csvPath = join(dirname(database), "products.csv");
writeFileSync(csvPath, csv());

const config = {
  apiOptions: { port, hostname: "127.0.0.1", adminApiPath: "admin-api", shopApiPath: "shop-api" },
  authOptions: {
    tokenMethod: ["bearer", "api-key"],
    superadminCredentials: { identifier: "superadmin", password: process.env.VENDURE_SUPERADMIN_PASSWORD },
    cookieOptions: { secret: process.env.VENDURE_COOKIE_SECRET },
    requireVerification: false,
  },
  dbConnectionOptions: { type: "better-sqlite3", database, synchronize: true, logging: false },
  paymentOptions: { paymentMethodHandlers: [dummyPaymentHandler] },
  orderOptions: { orderItemsLimit: 10_000, orderLineItemsLimit: 10_000 },
  logger: new DefaultLogger({ level: LogLevel.Warn }),
  plugins: [],
};

process.env.CREATING_VENDURE_APP = "true"; // no progress bar from the importer
const app = await populate(() => bootstrap(config), initialData, csvPath);
process.on("SIGTERM", () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
console.log(`VENDURE_READY ${JSON.stringify({ port, products: PRODUCTS.length })}`);
