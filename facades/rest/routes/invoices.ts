// Invoices: the list (to find ids) and the items as CSV, streamed page by page from the core's
// invoice-items connection so memory stays flat however long the invoice is. Which items belong to
// an invoice (and whose invoice it is) is the core's; here is only CSV formatting.
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { operation } from "../../executor.js";
import { declareRoutes, notFound, type RestResult, type Runner } from "../route.js";
import { component, Obj, T } from "../../declare.js";
import { Money } from "../shapes.js";
import { CSV_HEADER, csvRow, type CsvItem } from "../../../src/invoices/csv.js";
import type * as gen from "../../codegen/operations.js";

const DateTime = T.String({ format: "date-time" });
const Invoice = component(
  "Invoice",
  Obj({
    id: T.String(),
    charge: Money,
    status: T.String({
      enum: ["pending", "issued", "paid"],
      description: "`pending` accumulates this period's items; then `issued`, then `paid`.",
    }),
    store: Obj({ id: T.String() }),
    periodStart: DateTime,
    periodEnd: T.String({ format: "date-time", description: "Exclusive." }),
    createdAt: DateTime,
    updatedAt: DateTime,
  }),
);

const listInvoices = operation<gen.RestListInvoicesQuery>(`query RestListInvoices($storeId: ID!) {
  invoices(storeId: $storeId) { id storeId status charge { amount currency } periodStart periodEnd createdAt updatedAt }
}`);

const ITEM_FIELDS = `nodes { id occurredAt type description orderName returnId quantity unitAmount { amount currency } amount { amount currency } }
  pageInfo { hasNextPage endCursor }`;

const invoiceItems = operation<gen.RestInvoiceItemsCsvQuery>(`query RestInvoiceItemsCsv($id: ID!, $first: Int, $after: String) {
  invoice(id: $id) { id status items(first: $first, after: $after) { ${ITEM_FIELDS} } }
}`);

const pendingItems = operation<gen.RestPendingInvoiceItemsCsvQuery>(`query RestPendingInvoiceItemsCsv($first: Int) {
  pendingInvoice { id status items(first: $first) { ${ITEM_FIELDS} } }
}`);

const CSV_PAGE = 1000;

type Page = { id: string; items: { nodes: CsvItem[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } | null;

/** The header row, then each page's rows, fetched only when the client has taken the previous ones. */
async function* csvChunks(run: Runner, first: Page) {
  yield CSV_HEADER;
  for (let page = first; page; ) {
    if (page.items.nodes.length) yield page.items.nodes.map((i) => csvRow(page!.id, i)).join("");
    if (!page.items.pageInfo.hasNextPage) break;
    const after = page.items.pageInfo.endCursor;
    page = (await run<{ invoice: Page }>(invoiceItems, { id: page.id, first: CSV_PAGE, after })).invoice;
  }
}

/** The CSV from the invoice's first page on, streamed with backpressure; a client that leaves ends the paging. */
const csvAnswer = (first: Page, filename: string): RestResult => ({
  status: 200,
  async stream(run, res) {
    res.status(200).set({
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    });
    await pipeline(Readable.from(csvChunks(run, first), { objectMode: false }), res);
  },
});

const CSV_DESCRIPTION = [
  "UTF-8 CSV (RFC 4180: comma-separated, CRLF line ends, fields holding a comma, quote or line break are quoted with quotes doubled), one header row, then one row per billable item, oldest first. Streamed: the body may be large.",
  "Columns: `invoice_id`; `item_id`; `date` (when the billable event happened, ISO 8601 UTC); `type` (e.g. `return_label`, `return_processing`, `package_protection`, `adjustment`); `description`; `order_name` (e.g. `#1001`, empty when none); `return_id` (empty when none); `quantity` (integer); `unit_amount` and `amount` (decimal, major units, `amount` = quantity × unit_amount, negative for credits); `currency` (ISO 4217).",
  "Spreadsheet safety: a text cell (type, description, order name, return id) starting with `=`, `+`, `-`, `@`, tab or CR is prefixed with an apostrophe `'` so it is never run as a formula. Numeric columns are never altered.",
].join("\n\n");

const csvResponse = (description: string) => ({
  description,
  headers: { "Content-Disposition": { description: 'attachment; filename="invoice-<id>.csv"', schema: T.String() } },
  contentType: "text/csv",
  schema: T.String({ format: "binary" }),
});

export const invoicesRoutes = declareRoutes("Invoices", [
  {
    method: "GET",
    path: "/stores/:storeId/invoices",
    operationId: "Invoice list",
    summary: "List the store's invoices, newest first (not paginated)",
    operation: listInvoices,
    responses: { 200: { description: "The invoices", schema: Obj({ invoices: T.Array(Invoice) }) } },
    variables: ({ params }) => ({ storeId: params.storeId }),
    respond: (data) => ({
      status: 200,
      body: { invoices: data.invoices.map(({ storeId, ...i }: Record<string, unknown>) => ({ ...i, store: { id: storeId } })) },
    }),
  },
  // Declared before /invoices/:invoiceId/items.csv so "pending" is not taken for an id.
  {
    method: "GET",
    path: "/invoices/pending/items.csv",
    operationId: "Invoice pending csv get",
    summary: "Download the items of the store's open (pending) invoice as CSV",
    description: CSV_DESCRIPTION + "\n\nWhen nothing has been billed yet this period, the body is the header row alone.",
    operation: pendingItems,
    responses: { 200: csvResponse("The pending invoice's items") },
    errors: [400],
    variables: () => ({ first: CSV_PAGE }),
    // No open invoice yet: nothing billed this period, an empty statement (header row only).
    respond: ({ pendingInvoice: i }) => csvAnswer(i, i ? `invoice-${i.id}-pending.csv` : "invoice-pending.csv"),
  },
  {
    method: "GET",
    path: "/invoices/:invoiceId/items.csv",
    operationId: "Invoice csv get",
    summary: "Download an invoice's items as CSV",
    description: CSV_DESCRIPTION + "\n\nAn invoice of another store answers 404.",
    operation: invoiceItems,
    responses: { 200: csvResponse("The invoice items") },
    errors: [404],
    variables: ({ params }) => ({ id: params.invoiceId, first: CSV_PAGE }),
    respond: ({ invoice }, { params }) => {
      if (!invoice) throw notFound("invoices", "Invoice", `No invoice ${params.invoiceId} for this API client's store.`);
      return csvAnswer(invoice, `invoice-${invoice.id}.csv`);
    },
  },
]);
