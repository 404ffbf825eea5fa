// Needs attention: what a merchant should look at first. The returns waiting longest for a review,
// the flagged ones, and the webhook subscriptions whose deliveries are failing, as the core reports
// them (statuses and health come from the core; this page only picks and orders what to show).
import type { PageProps } from "../router";
import { personName, statusLabel, statusTone } from "../logic";
import { Badge, Empty, Link, PageHeader, QueryView, Section, Table, Time, useQuery } from "../ui";
import { ATTENTION } from "./attention.ops";

interface Waiting {
  id: string;
  number: string | null;
  status: string;
  createdAt: string;
  updatedAt: string;
  order: { name: string };
  source: { emailAddress: string | null; name: { given: string; surname: string } | null };
  items: { id: string }[];
}
interface Hook {
  id: string;
  topic: string;
  trigger?: string | null;
  callback: { url: string };
  health: { status: string; failingSince: string | null; consecutiveFailures: number };
}
type Page = { nodes: Waiting[]; pageInfo: { hasNextPage: boolean } };

function ReturnsWaiting({ title, page, empty, status }: { title: string; page: Page; empty: string; status: string }) {
  return (
    <Section title={title}>
      <Table
        caption={title}
        rows={page.nodes}
        rowKey={(r) => r.id}
        empty={<Empty title={empty} />}
        columns={[
          {
            label: "Return",
            render: (r) => (
              <Link href={`/returns/${encodeURIComponent(r.id)}`}>{`Return ${r.number ?? ""} for order ${r.order.name}`}</Link>
            ),
          },
          { label: "Customer", render: (r) => personName(r.source.name, r.source.emailAddress) },
          { label: "Items", render: (r) => r.items.length },
          { label: "Waiting since", render: (r) => <Time value={r.createdAt} /> },
          { label: "Status", render: (r) => <Badge tone={statusTone(r.status)}>{statusLabel(r.status)}</Badge> },
        ]}
      />
      {page.pageInfo.hasNextPage ? (
        <p>
          <Link href={`/returns?status=${status}&sort=OLDEST`}>See all of them, oldest first</Link>
        </p>
      ) : null}
    </Section>
  );
}

export function Attention({ storeId }: PageProps) {
  const q = useQuery<{ needsReview: Page; inReview: Page; flagged: Page; webhooks: Hook[]; warehouseWebhooks: Hook[] }>(ATTENTION, {
    storeId,
  });
  return (
    <>
      <PageHeader
        title="Needs attention"
        description="Returns waiting longest for a decision, flagged returns, and webhook subscriptions whose deliveries fail."
      />
      <QueryView state={q} label="Looking for what needs attention…">
        {(d) => {
          const failing = [
            ...d.webhooks.map((w) => ({ ...w, href: `/webhooks/${encodeURIComponent(w.id)}`, what: `Retour webhook (${w.topic})` })),
            ...d.warehouseWebhooks.map((w) => ({
              ...w,
              href: `/webhooks/${encodeURIComponent(w.id)}`,
              what: `Warehouse platform webhook (${w.trigger ?? w.topic})`,
            })),
          ].filter((w) => w.health.status === "failing");
          return (
            <>
              <ReturnsWaiting
                title="Waiting for a review"
                page={d.needsReview}
                empty="No return waits for a review"
                status="needs_review"
              />
              <ReturnsWaiting title="In review" page={d.inReview} empty="No return is in review" status="in_review" />
              <ReturnsWaiting title="Flagged" page={d.flagged} empty="No flagged return" status="flagged" />
              <Section title="Webhook deliveries failing">
                <Table
                  caption="Webhook subscriptions whose deliveries fail"
                  rows={failing}
                  rowKey={(w) => w.id}
                  empty={<Empty title="Every webhook delivers">No subscription has a failing delivery.</Empty>}
                  columns={[
                    { label: "Subscription", render: (w) => <Link href={w.href}>{w.what}</Link> },
                    { label: "Sends to", render: (w) => w.callback.url },
                    { label: "Failing since", render: (w) => <Time value={w.health.failingSince} /> },
                    { label: "Failed attempts", render: (w) => w.health.consecutiveFailures },
                  ]}
                />
              </Section>
            </>
          );
        }}
      </QueryView>
    </>
  );
}
