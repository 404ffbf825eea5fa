// Checkout A/B tests: the list (newest first; deleted ones on request, kept in the URL) and a detail
// view. The list → detail pattern here is the one the returns, webhooks and inbound pages follow.
import type { PageProps } from "../router";
import { AB_TEST, AB_TESTS } from "./ab-tests.ops";
import { useSearchParams } from "../router";
import { Badge, Details, Empty, Link, PageHeader, QueryView, Section, Table, Time, useQuery } from "../ui";

interface AbTest {
  id: string;
  name: string;
  description: string;
  active: boolean;
  isConcluded: boolean;
  concludedToControl: boolean;
  startDate: string;
  endDate: string | null;
  deleted: boolean;
  createdAt: string;
  treatments: { name: string; weight: number; isControl: boolean; isWinner: boolean }[];
}

function status(t: AbTest) {
  if (t.deleted) return <Badge tone="bad">Deleted</Badge>;
  if (!t.isConcluded) return t.active ? <Badge tone="info">Running</Badge> : <Badge>Paused</Badge>;
  if (t.concludedToControl) return <Badge>Concluded: control kept</Badge>;
  const w = t.treatments.find((x) => x.isWinner);
  return <Badge tone="good">Concluded: {w?.name ?? "winner"} won</Badge>;
}

function Treatments({ test }: { test: AbTest }) {
  return (
    <ul class="plain">
      {test.treatments.map((x) => (
        <li>
          {x.name} <span class="muted small">(weight {x.weight})</span> {x.isControl && <Badge>control</Badge>}{" "}
          {x.isWinner && <Badge tone="good">winner</Badge>}
        </li>
      ))}
    </ul>
  );
}

export function AbTests({ storeId }: PageProps) {
  const [params, setParams] = useSearchParams();
  const includeDeleted = params.get("includeDeleted") === "true";
  const q = useQuery<{ checkoutAbTests: { totalCount: number; abTests: AbTest[] } }>(AB_TESTS, { storeId, includeDeleted });
  return (
    <>
      <PageHeader title="Checkout A/B tests" description="Experiments on the checkout, newest first." />
      <Section
        title="A/B tests"
        actions={
          <label class="checkbox">
            <input
              type="checkbox"
              checked={includeDeleted}
              onChange={(e) => setParams({ includeDeleted: (e.target as HTMLInputElement).checked ? "true" : null })}
            />{" "}
            Include deleted tests
          </label>
        }
      >
        <QueryView state={q} label="Loading A/B tests…">
          {(data) => (
            <>
              <p class="muted small" role="status">
                {data.checkoutAbTests.totalCount} test{data.checkoutAbTests.totalCount === 1 ? "" : "s"}
                {q.loading ? " · updating…" : ""}
              </p>
              <Table
                caption="Checkout A/B tests"
                rows={data.checkoutAbTests.abTests}
                rowKey={(t) => t.id}
                rowClass={(t) => (t.deleted ? "revoked" : undefined)}
                empty={
                  <Empty title="No A/B tests">
                    {includeDeleted
                      ? "This store has never run a checkout A/B test."
                      : "No current tests. Deleted ones are hidden; include them to see them."}
                  </Empty>
                }
                columns={[
                  {
                    label: "Test",
                    render: (t) => (
                      <>
                        <Link href={`/ab-tests/${encodeURIComponent(t.id)}`}>
                          <strong>{t.name}</strong>
                        </Link>
                        {t.description && <div class="muted small">{t.description}</div>}
                      </>
                    ),
                  },
                  { label: "Status", render: status },
                  { label: "Treatments", render: (t) => <Treatments test={t} /> },
                  { label: "Started", render: (t) => <Time value={t.startDate} /> },
                  { label: "Ended", render: (t) => <Time value={t.endDate} empty={t.isConcluded || t.deleted ? "—" : "Running"} /> },
                ]}
              />
            </>
          )}
        </QueryView>
      </Section>
    </>
  );
}

export function AbTest({ storeId, params }: PageProps) {
  const q = useQuery<{ checkoutAbTest: AbTest | null }>(AB_TEST, { storeId, id: params.id });
  const back = (
    <p>
      <Link href="/ab-tests">← All A/B tests</Link>
    </p>
  );
  return (
    <QueryView state={q} label="Loading the A/B test…">
      {({ checkoutAbTest: t }) =>
        !t ? (
          <>
            {back}
            <PageHeader title="A/B test not found" />
            <Empty title={`No A/B test ${params.id} in this store`}>It may belong to another store, or the link is wrong.</Empty>
          </>
        ) : (
          <>
            {back}
            <PageHeader title={t.name} description={t.description || undefined} actions={status(t)} />
            <Section title="Details">
              <Details
                items={[
                  ["Status", status(t)],
                  ["Started", <Time value={t.startDate} />],
                  ["Ended", <Time value={t.endDate} empty={t.isConcluded || t.deleted ? "—" : "Still running"} />],
                  ["Created", <Time value={t.createdAt} />],
                ]}
              />
            </Section>
            <Section title="Treatments">
              <Table
                caption={`Treatments of ${t.name}`}
                rows={t.treatments}
                rowKey={(x) => x.name}
                empty={<Empty title="No treatments" />}
                columns={[
                  { label: "Treatment", render: (x) => x.name },
                  { label: "Weight", render: (x) => x.weight },
                  { label: "Role", render: (x) => (x.isControl ? <Badge>control</Badge> : "variant") },
                  { label: "Outcome", render: (x) => (x.isWinner ? <Badge tone="good">winner</Badge> : <span class="muted">—</span>) },
                ]}
              />
            </Section>
          </>
        )
      }
    </QueryView>
  );
}
