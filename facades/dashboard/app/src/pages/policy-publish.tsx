// Publishing the saved draft after a confirmation that says, in words, what changes for customers; and the
// published versions, newest first, with who published each and when (in the store's time zone).
import { useState } from "preact/hooks";
import { type PolicyData, type PolicyVersion, zonedTime } from "../policy-logic";
import { describePolicy, diffPolicy } from "../policy-words";
import { Empty, Notice, Section, Table, useMutation } from "../ui";
import { ConfirmDialog, useFocusReturn } from "../ui-forms";
import { PUBLISH_RETURN_POLICY } from "./policy.ops";

export function PublishPolicy({
  storeId,
  policy,
  dirty,
  onPublished,
}: {
  storeId: string;
  policy: PolicyData;
  dirty: boolean;
  onPublished: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const publish = useMutation<{ publishReturnPolicy: PolicyVersion }>(PUBLISH_RETURN_POLICY);
  const focus = useFocusReturn();
  const published = policy.versions[0] ?? null;
  const changes = diffPolicy(published, policy.draft, policy.timeZone);
  const close = () => {
    setOpen(false);
    publish.clearError();
    focus.restore();
  };
  return (
    <Section title="Publish">
      <p>
        {published
          ? `Customers see version ${published.number}, published ${zonedTime(published.publishedAt, policy.timeZone)}.`
          : "Nothing is published yet: every remaining item can be returned for a refund, at any time."}
      </p>
      {dirty && <p class="warning">Save the draft first: publishing takes the saved draft, not unsaved changes.</p>}
      <Notice>{notice}</Notice>
      <button type="button" disabled={dirty || !policy.draftUpdatedAt} onClick={(e) => (focus.remember(e), setOpen(true))}>
        Publish draft…
      </button>
      <ConfirmDialog
        open={open}
        title={published ? `Publish version ${published.number + 1}?` : "Publish the first version?"}
        confirmLabel="Publish"
        busy={publish.busy}
        error={publish.error}
        onClose={close}
        onConfirm={async () => {
          const res = await publish.run({ storeId });
          if (res) {
            setNotice(`Version ${res.publishReturnPolicy.number} is published: returns created from now on follow it.`);
            close();
            onPublished();
          }
        }}
      >
        <p>Returns created from then on follow the new version; returns already made keep the version that admitted them.</p>
        {changes.length ? (
          <ul class="policy-diff" aria-label="What changes">
            {changes.map((c) => (
              <li>
                <strong>{c.section}</strong>
                <div class="small">
                  Now: <Lines lines={c.before} />
                  After publishing: <Lines lines={c.after} />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p class="muted">Nothing changes: the draft is the same as version {published?.number}.</p>
        )}
      </ConfirmDialog>
    </Section>
  );
}

/** A change's sentences: one inline, several as a list. */
function Lines({ lines }: { lines: string[] }) {
  if (lines.length <= 1) return <div>{lines[0] ?? "none"}</div>;
  return (
    <ul>
      {lines.map((l) => (
        <li>{l}</li>
      ))}
    </ul>
  );
}

/** A version's rules in one short line: its window, and how many more rules the whole holds. */
function rulesSummary(v: PolicyVersion): string {
  const sections = describePolicy(v.rules, v.timeZone).filter((s) => s.lines.length);
  const window = sections.find((s) => s.section === "Return window")?.lines[0];
  const more = sections.filter((s) => s.section !== "Return window").reduce((n, s) => n + s.lines.length, 0);
  return [window && `Return window ${window}`, more ? `${more} more ${more === 1 ? "rule" : "rules"}` : null].filter(Boolean).join("; ");
}

/**
 * Every published version: who and when in a table, each version's rules summed up in one line there, and the
 * whole of one version on demand under the table, across the section's width (a table cell clipped it).
 */
export function PolicyHistory({ policy }: { policy: PolicyData }) {
  const [reading, setReading] = useState<number | null>(null);
  const shown = policy.versions.find((v) => v.number === reading) ?? null;
  return (
    <Section title="Version history">
      <Table
        caption="Published versions of the return policy"
        rows={policy.versions}
        rowKey={(v) => String(v.number)}
        empty={<Empty title="No version published yet" />}
        columns={[
          { label: "Version", render: (v) => `Version ${v.number}` },
          { label: "Published", render: (v) => zonedTime(v.publishedAt, policy.timeZone) },
          { label: "By", render: (v) => v.publishedBy.name ?? (v.publishedBy.type === "staff" ? "A staff member" : "An API client") },
          {
            label: "Rules",
            class: "wrap",
            render: (v) => (
              <>
                <div class="small">{rulesSummary(v)}</div>
                <button
                  type="button"
                  class="link-button"
                  aria-expanded={reading === v.number}
                  aria-controls="policy-version-rules"
                  onClick={() => setReading(reading === v.number ? null : v.number)}
                >
                  {reading === v.number ? `Hide version ${v.number}'s rules` : `Read version ${v.number} in full`}
                </button>
              </>
            ),
          },
        ]}
      />
      <div id="policy-version-rules" aria-live="polite">
        {shown && (
          <section class="policy-version-rules" aria-label={`Version ${shown.number}'s rules`}>
            <h3>Version {shown.number}'s rules</h3>
            <ul class="plain small">
              {describePolicy(shown.rules, shown.timeZone)
                .filter((s) => s.lines.length)
                .map((s) => (
                  <li>
                    <strong>{s.section}:</strong> {s.lines.join("; ")}
                  </li>
                ))}
            </ul>
          </section>
        )}
      </div>
    </Section>
  );
}
