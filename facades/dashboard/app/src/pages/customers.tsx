// Customers: find one by e-mail or name, then their orders and returns on one page. The documents
// sit with the page that sends them.
import { useState } from "preact/hooks";
import type { PageProps } from "../router";
import { useSearchParams } from "../router";
import { personName, statusLabel, statusTone } from "../logic";
import {
  Badge,
  Details,
  Empty,
  Link,
  ListFooter,
  MoneyText,
  PageHeader,
  QueryView,
  Section,
  StoreZone,
  Table,
  Time,
  useConnection,
} from "../ui";
import { Field } from "../ui-forms";
import { CUSTOMERS, CUSTOMER_ORDERS, CUSTOMER_RETURNS } from "./customers.ops";
import { CustomerCredit } from "./customer-credit";
import type { DashboardCustomerOrdersQuery, DashboardCustomerReturnsQuery, DashboardCustomersQuery } from "../codegen/operations";

type CustomerOrder = NonNullable<DashboardCustomerOrdersQuery["customer"]>["orders"]["nodes"][number];
type CustomerReturn = NonNullable<DashboardCustomerReturnsQuery["customer"]>["returns"]["nodes"][number];

interface CustomerRow {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  phoneNumber: string | null;
  updatedAt: string;
  location: { city: string | null; state: string | null; country: string | null } | null;
  /** What the customer's gift cards still hold, per currency (the customer page only). */
  storeCredit?: { amount: string; currency: string }[];
}

const nameOf = (c: CustomerRow) => personName({ given: c.firstName ?? "", surname: c.lastName ?? "" }, c.email);
const placeOf = (c: CustomerRow) => [c.location?.city, c.location?.state, c.location?.country].filter(Boolean).join(", ") || "—";

export function Customers({ storeId }: PageProps) {
  const [params, setParams] = useSearchParams();
  const search = params.get("q") ?? "";
  const [draft, setDraft] = useState(search);
  const list = useConnection<CustomerRow, DashboardCustomersQuery>(
    CUSTOMERS,
    { storeId, search: search || null, first: 25 },
    (d) => d.customers,
  );
  return (
    <>
      <PageHeader title="Customers" description="The people who ordered from the store. Open one to see their orders and returns." />
      <Section title="Find a customer">
        <form
          class="filters"
          aria-label="Find a customer"
          onSubmit={(e) => {
            e.preventDefault();
            setParams({ q: draft.trim() });
          }}
        >
          <Field label="Search" hint="Part of an e-mail address, a first or a last name">
            <input
              type="search"
              name="q"
              maxLength={255}
              value={draft}
              placeholder="ada@example.test"
              onInput={(e) => setDraft((e.target as HTMLInputElement).value)}
            />
          </Field>
          <div class="filter-actions">
            <button type="submit">Search</button>
          </div>
        </form>
      </Section>
      <Section title={search ? `Customers matching “${search}”` : "All customers"}>
        <QueryView state={list.state} label="Loading customers…">
          {() => (
            <>
              <Table
                caption="Customers"
                rows={list.nodes}
                rowKey={(c) => c.id}
                empty={<Empty title={search ? "No customer matches" : "No customers yet"}>Customers appear with their first order.</Empty>}
                columns={[
                  { label: "Name", render: (c) => <Link href={`/customers/${encodeURIComponent(c.id)}`}>{nameOf(c)}</Link> },
                  { label: "E-mail", render: (c) => c.email },
                  { label: "Place", render: placeOf },
                  { label: "Last change", render: (c) => <Time value={c.updatedAt} /> },
                ]}
              />
              <ListFooter list={list} />
            </>
          )}
        </QueryView>
      </Section>
    </>
  );
}

export function Customer({ storeId, params }: PageProps) {
  const orders = useConnection<CustomerOrder, DashboardCustomerOrdersQuery>(
    CUSTOMER_ORDERS,
    { storeId, id: params.id, first: 20 },
    (d) => d.customer?.orders ?? null,
  );
  const returns = useConnection<CustomerReturn, DashboardCustomerReturnsQuery>(
    CUSTOMER_RETURNS,
    { storeId, id: params.id, first: 20 },
    (d) => d.customer?.returns ?? null,
  );
  const back = (
    <p>
      <Link href="/customers">← All customers</Link>
    </p>
  );
  return (
    <QueryView state={orders.state} label="Loading the customer…">
      {({ customer, store }: { customer: CustomerRow | null; store?: { timeZone: string } | null }) =>
        !customer ? (
          <>
            {back}
            <PageHeader title="Customer not found" />
            <Empty title="No such customer in this store" />
          </>
        ) : (
          <StoreZone.Provider value={store?.timeZone ?? "UTC"}>
            {back}
            <PageHeader title={nameOf(customer)} description={customer.email} />
            <Section title="Contact">
              <Details
                items={[
                  ["E-mail", customer.email],
                  ["Phone", customer.phoneNumber ?? "—"],
                  ["Place", placeOf(customer)],
                  [
                    "Store credit balance",
                    customer.storeCredit?.length ? (
                      <ul class="plain" aria-label="Store credit balance">
                        {customer.storeCredit.map((m) => (
                          <li key={m.currency}>
                            <MoneyText value={m} />
                          </li>
                        ))}
                      </ul>
                    ) : (
                      "None"
                    ),
                  ],
                ]}
              />
            </Section>
            <CustomerCredit storeId={storeId} customerId={customer.id} />
            <Section title="Orders">
              <Table
                caption={`Orders of ${nameOf(customer)}`}
                rows={orders.nodes}
                rowKey={(o) => o.id}
                empty={<Empty title="No orders linked to this customer" />}
                columns={[
                  { label: "Order", render: (o) => o.name },
                  { label: "Placed", render: (o) => <Time value={o.placedAt} /> },
                  { label: "Total", render: (o) => <MoneyText value={o.total} /> },
                ]}
              />
              <ListFooter list={orders} />
            </Section>
            <Section title="Returns">
              <QueryView state={returns.state} label="Loading returns…">
                {() => (
                  <>
                    <Table
                      caption={`Returns of ${nameOf(customer)}`}
                      rows={returns.nodes}
                      rowKey={(r) => r.id}
                      empty={<Empty title="No returns yet" />}
                      columns={[
                        {
                          label: "Return",
                          render: (r) => (
                            <Link
                              href={`/returns/${encodeURIComponent(r.id)}`}
                            >{`Return ${r.number ?? ""} for order ${r.order.name}`}</Link>
                          ),
                        },
                        {
                          label: "Status",
                          render: (r) => <Badge tone={statusTone(r.status)}>{statusLabel(r.status)}</Badge>,
                        },
                        { label: "Items", render: (r) => r.items.length },
                        { label: "Refund", render: (r) => <MoneyText value={r.totals.refund.amount} /> },
                        { label: "Created", render: (r) => <Time value={r.createdAt} /> },
                      ]}
                    />
                    <ListFooter list={returns} />
                  </>
                )}
              </QueryView>
            </Section>
          </StoreZone.Provider>
        )
      }
    </QueryView>
  );
}
