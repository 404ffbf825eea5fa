// Checkout routing: the store's checkout tree (ordered rules → experience), editable as a whole, and
// the checkout experiences with their shipping methods. Whether an experience may be deleted is the
// core's rule (`live`, and deleteCheckoutExperience refusing a live one); the page only reflects it.
import { useEffect, useState } from "preact/hooks";
import type { PageProps } from "../router";
import { gql } from "../graphql";
import { CHECKOUT_ROUTING, DELETE_CHECKOUT_EXPERIENCE, SET_CHECKOUT_TREE } from "./checkout.ops";
import { asError, Badge, Empty, ErrorMessage, LoadMore, PageHeader, QueryView, Section, Table, useMutation, useQuery } from "../ui";
import { ConfirmDialog, Field } from "../ui-forms";

interface Experience {
  id: string;
  name: string;
  description: string;
  live: boolean;
  shippingMethods: {
    id: string;
    name: string;
    carrier: string | null;
    price: { amount: string; currency: string };
    minDays: number | null;
    maxDays: number | null;
  }[];
}
interface Rule {
  id: string;
  name: string;
  countries: string[];
  experience: { id: string; name: string };
}
interface Data {
  checkoutTree: Rule[];
  checkoutExperiences: { nodes: Experience[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

interface DraftRule {
  key: number;
  name: string;
  countries: string;
  experienceId: string;
}

const PAGE = 100;
let keys = 0;
const draftOf = (tree: Rule[]): DraftRule[] =>
  tree.map((r) => ({ key: ++keys, name: r.name, countries: r.countries.join(", "), experienceId: r.experience.id }));

export function CheckoutRouting({ storeId }: PageProps) {
  const q = useQuery<Data>(CHECKOUT_ROUTING, { storeId, first: PAGE });
  const [more, setMore] = useState<{ nodes: Experience[]; endCursor: string | null; hasNextPage: boolean } | null>(null);
  const [moreLoading, setMoreLoading] = useState(false);
  const [moreError, setMoreError] = useState<ReturnType<typeof asError> | null>(null);
  useEffect(() => setMore(null), [q.data]);

  return (
    <>
      <PageHeader
        title="Checkout routing"
        description="Which checkout experience shoppers get, by the first rule that matches their country."
      />
      <QueryView state={q} label="Loading checkout routing…">
        {(data) => {
          const experiences = [...data.checkoutExperiences.nodes, ...(more?.nodes ?? [])];
          const pageInfo = more ?? data.checkoutExperiences.pageInfo;
          const loadMore = async () => {
            setMoreLoading(true);
            setMoreError(null);
            try {
              const next = await gql<Data>(CHECKOUT_ROUTING, { storeId, first: PAGE, after: pageInfo.endCursor });
              setMore({ nodes: [...(more?.nodes ?? []), ...next.checkoutExperiences.nodes], ...next.checkoutExperiences.pageInfo });
            } catch (e) {
              setMoreError(asError(e));
            } finally {
              setMoreLoading(false);
            }
          };
          return (
            <>
              <TreeEditor storeId={storeId} tree={data.checkoutTree} experiences={experiences} onSaved={q.reload} />
              <Experiences storeId={storeId} tree={data.checkoutTree} experiences={experiences} onChanged={q.reload} />
              <ErrorMessage error={moreError} />
              <LoadMore hasNextPage={pageInfo.hasNextPage} loading={moreLoading} onClick={loadMore} />
            </>
          );
        }}
      </QueryView>
    </>
  );
}

function TreeEditor({
  storeId,
  tree,
  experiences,
  onSaved,
}: {
  storeId: string;
  tree: Rule[];
  experiences: Experience[];
  onSaved: () => void;
}) {
  const [rules, setRules] = useState<DraftRule[]>(() => draftOf(tree));
  const [saved, setSaved] = useState(false);
  const save = useMutation(SET_CHECKOUT_TREE);
  const original = JSON.stringify(draftOf(tree).map(({ key, ...r }) => r));
  useEffect(() => setRules(draftOf(tree)), [JSON.stringify(tree)]);
  const dirty = JSON.stringify(rules.map(({ key, ...r }) => r)) !== original;

  const update = (i: number, patch: Partial<DraftRule>) => {
    setSaved(false);
    setRules(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  };
  const move = (i: number, by: number) => {
    const next = [...rules];
    const [r] = next.splice(i, 1);
    next.splice(i + by, 0, r);
    setSaved(false);
    setRules(next);
  };

  async function submit(e: Event) {
    e.preventDefault();
    const out = await save.run({
      storeId,
      rules: rules.map((r) => ({
        name: r.name,
        experienceId: r.experienceId,
        countries: r.countries
          .split(/[\s,]+/)
          .map((c) => c.trim())
          .filter(Boolean),
      })),
    });
    if (out) {
      setSaved(true);
      onSaved();
    }
  }

  return (
    <Section title="Checkout tree">
      <form onSubmit={submit} aria-describedby="tree-help">
        <p id="tree-help" class="muted">
          Rules are tried top to bottom; the first whose countries include the shopper's country wins. A rule without countries matches
          every shopper, so keep it last.
        </p>
        {rules.length === 0 ? (
          <Empty title="No routing rules">Without rules no experience is live. Add a rule to route shoppers.</Empty>
        ) : (
          <ol class="rules">
            {rules.map((r, i) => (
              <li key={r.key} class="rule" aria-label={`Rule ${i + 1}`}>
                <span class="rule-number" aria-hidden="true">
                  {i + 1}
                </span>
                <Field label="Rule name">
                  <input required value={r.name} onInput={(e) => update(i, { name: (e.target as HTMLInputElement).value })} />
                </Field>
                <Field label="Countries" hint="ISO codes, e.g. CA, GB. Empty: everyone.">
                  <input
                    value={r.countries}
                    placeholder="Everyone"
                    onInput={(e) => update(i, { countries: (e.target as HTMLInputElement).value.toUpperCase() })}
                  />
                </Field>
                <Field label="Experience">
                  <select
                    required
                    value={r.experienceId}
                    onChange={(e) => update(i, { experienceId: (e.target as HTMLSelectElement).value })}
                  >
                    {experiences.map((x) => (
                      <option value={x.id}>{x.name}</option>
                    ))}
                  </select>
                </Field>
                <div class="rule-actions">
                  <button
                    type="button"
                    class="secondary small"
                    onClick={() => move(i, -1)}
                    disabled={i === 0}
                    aria-label={`Move rule ${i + 1} up`}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    class="secondary small"
                    onClick={() => move(i, 1)}
                    disabled={i === rules.length - 1}
                    aria-label={`Move rule ${i + 1} down`}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    class="danger-outline small"
                    onClick={() => (setSaved(false), setRules(rules.filter((_, j) => j !== i)))}
                    aria-label={`Remove rule ${i + 1}`}
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ol>
        )}
        <ErrorMessage error={save.error} />
        <div class="form-actions">
          <button
            type="button"
            class="secondary"
            disabled={!experiences.length}
            onClick={() => {
              setSaved(false);
              setRules([
                ...rules,
                { key: ++keys, name: `Rule ${rules.length + 1}`, countries: "", experienceId: experiences[0]?.id ?? "" },
              ]);
            }}
          >
            Add rule
          </button>
          <button type="button" class="secondary" disabled={!dirty} onClick={() => setRules(draftOf(tree))}>
            Discard changes
          </button>
          <button type="submit" disabled={!dirty || save.busy} aria-busy={save.busy}>
            {save.busy ? "Saving…" : "Save checkout tree"}
          </button>
          <span role="status" aria-live="polite" class="muted">
            {saved && !dirty ? "Checkout tree saved." : dirty ? "Unsaved changes." : ""}
          </span>
        </div>
      </form>
    </Section>
  );
}

function Experiences({
  storeId,
  tree,
  experiences,
  onChanged,
}: {
  storeId: string;
  tree: Rule[];
  experiences: Experience[];
  onChanged: () => void;
}) {
  const [deleting, setDeleting] = useState<Experience | null>(null);
  const del = useMutation(DELETE_CHECKOUT_EXPERIENCE);
  return (
    <Section title="Checkout experiences">
      {experiences.length === 0 ? (
        <Empty title="No checkout experiences">
          Experiences are created through the API (<code>createCheckoutExperience</code>).
        </Empty>
      ) : (
        <ul class="experience-list">
          {experiences.map((x) => {
            const rules = tree.filter((r) => r.experience.id === x.id).map((r) => `“${r.name}”`);
            return (
              <li class="experience" key={x.id} aria-labelledby={`exp-${x.id}`}>
                <div class="experience-header">
                  <div>
                    <h3 id={`exp-${x.id}`}>{x.name}</h3>
                    {x.description && <p class="muted">{x.description}</p>}
                  </div>
                  <div class="experience-status">
                    {x.live ? <Badge tone="good">Live</Badge> : <Badge>Not live</Badge>}
                    {!x.live && (
                      <button
                        type="button"
                        class="danger-outline small"
                        onClick={() => (del.clearError(), setDeleting(x))}
                        aria-label={`Delete ${x.name}`}
                      >
                        Delete
                      </button>
                    )}
                  </div>
                </div>
                {x.live && (
                  <p class="small muted live-note">
                    Can't be deleted while live: the checkout tree routes shoppers here
                    {rules.length ? ` (${rules.length === 1 ? "rule" : "rules"} ${rules.join(", ")})` : ""}. Point those rules at another
                    experience and save the tree to delete it.
                  </p>
                )}
                <Table
                  caption={`Shipping methods of ${x.name}`}
                  rows={x.shippingMethods}
                  rowKey={(m) => m.id}
                  empty={<p class="muted small">No shipping methods.</p>}
                  columns={[
                    { label: "Shipping method", render: (m) => m.name },
                    { label: "Carrier", render: (m) => m.carrier ?? "—" },
                    { label: "Price", render: (m) => `${m.price.amount} ${m.price.currency}` },
                    {
                      label: "Delivery",
                      render: (m) => (m.minDays == null && m.maxDays == null ? "—" : `${m.minDays ?? "?"}–${m.maxDays ?? "?"} days`),
                    },
                  ]}
                />
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={!!deleting}
        title={`Delete “${deleting?.name ?? ""}”?`}
        confirmLabel="Delete experience"
        busy={del.busy}
        error={del.error}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const ok = await del.run({ storeId, id: deleting.id });
          if (ok) setDeleting(null);
          // Refused (e.g. it became live meanwhile): the dialog keeps the core's reason and the
          // list reloads to show the experience as it now is.
          onChanged();
        }}
      >
        <p>The experience and its {deleting?.shippingMethods.length ?? 0} shipping method(s) are deleted permanently.</p>
      </ConfirmDialog>
    </Section>
  );
}
