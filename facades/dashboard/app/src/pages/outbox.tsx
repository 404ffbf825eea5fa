// Shopper emails: what was sent, kept in the outbox (no mail server configured) or failed, newest first,
// each readable as the shopper gets it, linked to its return by the return's number.
import type { PageProps } from "../router";
import { EMAIL_OUTBOX } from "./portal.ops";
import { Badge, Empty, Link, PageHeader, QueryView, Section, Table, Time, useQuery } from "../ui";
import type { DashboardEmailOutboxQuery } from "../codegen/operations";

const KIND_WORDS: Record<string, string> = {
  confirmation: "Return confirmed",
  received: "Parcel received",
  refunded: "Return processed",
  credit_issued: "Store credit issued",
};
const STATUS_WORDS: Record<string, [string, "good" | "info" | "warn"]> = {
  sent: ["Sent", "good"],
  kept: ["Kept here (no mail server)", "info"],
  pending: ["Waiting to send", "info"],
  failed: ["Not delivered", "warn"],
};

export function EmailOutbox({ storeId }: PageProps) {
  const q = useQuery<DashboardEmailOutboxQuery>(EMAIL_OUTBOX, { storeId });
  return (
    <>
      <PageHeader
        title="Shopper emails"
        description="Emails to your shoppers about their returns, newest first. Without a mail server (development) they are kept here."
      />
      <Section title="Emails">
        <QueryView state={q} label="Loading the emails…">
          {(data) => (
            <Table
              caption="Shopper emails"
              rows={data.emailOutbox}
              rowKey={(m) => m.id}
              empty={<Empty title="No emails yet">A return with a shopper's email address sends its confirmation here.</Empty>}
              columns={[
                { label: "Written", render: (m) => <Time value={m.createdAt} /> },
                { label: "Email", render: (m) => KIND_WORDS[m.kind] ?? "Email" },
                { label: "To", render: (m) => m.recipient },
                {
                  label: "Return",
                  render: (m) => <Link href={`/returns/${encodeURIComponent(m.returnId)}`}>{m.returnNumber ?? "Open the return"}</Link>,
                },
                {
                  label: "Status",
                  render: (m) => {
                    const [words, tone] = STATUS_WORDS[m.status] ?? ["Unknown", "warn"];
                    return (
                      <>
                        <Badge tone={tone}>{words}</Badge>
                        {m.status === "pending" && m.attempts > 0 && (
                          <div class="muted small">
                            Tried {m.attempts} {m.attempts === 1 ? "time" : "times"}; next try <Time value={m.nextAttemptAt} />
                          </div>
                        )}
                        {m.lastError && m.status !== "sent" && <div class="muted small">Mail server said: {m.lastError}</div>}
                      </>
                    );
                  },
                },
                {
                  label: "Message",
                  render: (m) =>
                    m.subject ? (
                      <details>
                        <summary>{m.subject}</summary>
                        <pre class="mail-text">{m.text}</pre>
                      </details>
                    ) : (
                      <span class="muted">Written when it is sent</span>
                    ),
                },
              ]}
            />
          )}
        </QueryView>
      </Section>
    </>
  );
}
