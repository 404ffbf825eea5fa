// The invoice CSV format, in one place: the merchant API's items.csv download (streamed)
// and the GraphQL field `Invoice.itemsCsv` (paged, for the dashboard's download) both build their
// bytes from these functions, so the two produce identical files. Pure: no database here.

export const CSV_COLUMNS = [
  "invoice_id",
  "item_id",
  "date",
  "type",
  "description",
  "order_name",
  "return_id",
  "quantity",
  "unit_amount",
  "amount",
  "currency",
];

/** The header row, CRLF-terminated. */
export const CSV_HEADER = CSV_COLUMNS.join(",") + "\r\n";

/** A text cell a spreadsheet could run as a formula gets a leading apostrophe (OWASP CSV injection). */
export function guardFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: quote a field holding a comma, quote, CR or LF; double the quotes inside. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** An invoice item as GraphQL serializes it (DateTime as ISO 8601, Money as decimal strings). */
export type CsvItem = {
  id: string;
  occurredAt: string;
  type: string;
  description: string;
  orderName: string | null;
  returnId: string | null;
  quantity: number;
  unitAmount: { amount: string; currency: string };
  amount: { amount: string; currency: string };
};

/** One CRLF-terminated row. */
export function csvRow(invoiceId: string, i: CsvItem): string {
  const text = (v: string | null) => csvField(guardFormula(v ?? ""));
  // Numbers, dates and ids are ours, so they are never guarded (a negative amount stays a number).
  return (
    [
      csvField(invoiceId),
      csvField(i.id),
      i.occurredAt,
      text(i.type),
      text(i.description),
      text(i.orderName),
      text(i.returnId),
      String(i.quantity),
      i.unitAmount.amount,
      i.amount.amount,
      csvField(i.amount.currency),
    ].join(",") + "\r\n"
  );
}
