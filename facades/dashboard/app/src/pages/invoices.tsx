// Invoices: the list (newest first) and a detail with its items and a CSV download. The CSV comes from
// the core (`Invoice.itemsCsv`, paged), formatted by the same code as the REST CSV route, so the file
// is byte for byte the one GET /v2.2/invoices/{id}/items.csv answers.
import type { PageProps } from "../router";
import { gql } from "../graphql";
import { INVOICE, INVOICE_CSV, INVOICES } from "./invoices.ops";
import type { CsvPage } from "../logic";
import {
  Badge,
  Details,
  Empty,
  Link,
  MoneyText,
  PageHeader,
  QueryView,
  Section,
  Table,
  Time,
  useConnection,
  useQuery,
  ListFooter,
} from "../ui";
import { CsvDownloadButton } from "../ui-forms";
import type { DashboardInvoiceQuery, DashboardInvoicesQuery } from "../codegen/operations";

type InvoiceItem = NonNullable<DashboardInvoiceQuery["invoice"]>["items"]["nodes"][number];

const tone = (s: string) => (s === "paid" ? "good" : s === "pending" ? "info" : "warn");
const period = (i: { periodStart: string; periodEnd: string }) => `${i.periodStart.slice(0, 10)} – ${i.periodEnd.slice(0, 10)}`;

export function Invoices({ storeId }: PageProps) {
  const q = useQuery<DashboardInvoicesQuery>(INVOICES, { storeId });
  return (
    <>
      <PageHeader
        title="Invoices"
        description="What the service bills the store, newest first. The pending invoice collects this period's items."
      />
      <Section title="All invoices">
        <QueryView state={q} label="Loading invoices…">
          {(data) => (
            <Table
              caption="Invoices"
              rows={data.invoices}
              rowKey={(i) => i.id}
              empty={<Empty title="No invoices yet">Billable items (e.g. processed returns) open the first invoice.</Empty>}
              columns={[
                {
                  label: "Invoice",
                  render: (i) => <Link href={`/invoices/${encodeURIComponent(i.id)}`}>{`Invoice ${period(i)}`}</Link>,
                },
                { label: "Period", render: period },
                { label: "Status", render: (i) => <Badge tone={tone(i.status)}>{i.status}</Badge> },
                { label: "Charge", render: (i) => <MoneyText value={i.charge} /> },
                { label: "Updated", render: (i) => <Time value={i.updatedAt} /> },
              ]}
            />
          )}
        </QueryView>
      </Section>
    </>
  );
}

export function Invoice({ params }: PageProps) {
  const list = useConnection<InvoiceItem, DashboardInvoiceQuery>(INVOICE, { id: params.id, first: 50 }, (d) => d.invoice?.items ?? null);
  const back = (
    <p>
      <Link href="/invoices">← All invoices</Link>
    </p>
  );
  return (
    <QueryView state={list.state} label="Loading the invoice…">
      {({ invoice: inv }) =>
        !inv ? (
          <>
            {back}
            <PageHeader title="Invoice not found" />
            <Empty title={`No invoice ${params.id} in this store`} />
          </>
        ) : (
          <>
            {back}
            <PageHeader title={`Invoice ${period(inv)}`} actions={<CsvDownload invoiceId={inv.id} />} />
            <Section title="Summary">
              <Details
                items={[
                  ["Status", <Badge tone={tone(inv.status)}>{inv.status}</Badge>],
                  ["Charge", <MoneyText value={inv.charge} />],
                  ["Period", period(inv)],
                  ["Created", <Time value={inv.createdAt} />],
                  ["Updated", <Time value={inv.updatedAt} />],
                ]}
              />
            </Section>
            <Section title="Items">
              <Table
                caption={`Items of invoice ${period(inv)}`}
                rows={list.nodes}
                rowKey={(i) => i.id}
                empty={<Empty title="Nothing billed yet" />}
                columns={[
                  { label: "Date", render: (i) => <Time value={i.occurredAt} /> },
                  { label: "Type", render: (i) => i.type },
                  {
                    label: "Description",
                    render: (i) => (
                      <>
                        {i.description}
                        {(i.orderName || i.returnId) && (
                          <div class="muted small">{[i.orderName, i.returnId].filter(Boolean).join(" · ")}</div>
                        )}
                      </>
                    ),
                  },
                  { label: "Qty", render: (i) => i.quantity },
                  { label: "Unit", render: (i) => <MoneyText value={i.unitAmount} /> },
                  { label: "Amount", render: (i) => <MoneyText value={i.amount} /> },
                ]}
              />
              <ListFooter list={list} />
            </Section>
          </>
        )
      }
    </QueryView>
  );
}

function CsvDownload({ invoiceId }: { invoiceId: string }) {
  const fetchPage = async (after: string | null) => {
    const d = await gql<{ invoice: { itemsCsv: CsvPage } | null }>(INVOICE_CSV, { id: invoiceId, first: 1000, after });
    if (!d.invoice) throw new Error(`Invoice ${invoiceId} is no longer available.`);
    return d.invoice.itemsCsv;
  };
  return <CsvDownloadButton label="Download CSV" filename={`invoice-${invoiceId}.csv`} fetchPage={fetchPage} />;
}
