// Settings → Developer: the Store ID, and the store's API clients (add, change scopes, revoke).
import { useState } from "preact/hooks";
import type { PageProps } from "../router";
import { SCOPES } from "../operations";
import { API_CLIENTS, CREATE_API_CLIENT, END_API_CLIENT_LEGACY_SCOPES, REVOKE_API_CLIENT, SET_API_CLIENT_SCOPES } from "./developer.ops";
import { Badge, Details, Empty, ErrorMessage, PageHeader, QueryView, Section, Table, Time, useMutation, useQuery } from "../ui";
import { ConfirmDialog, CopyButton, Dialog, Field, FieldError, SecretOnceDialog } from "../ui-forms";
import { fieldErrors } from "../forms";
import type { DashboardCreateApiClientMutation } from "../codegen/operations";

/** The core's field paths of the API-client forms, by label. */
const CLIENT_FIELDS = { name: "Name", scopes: "Scopes" };
const NO_SCOPE = "Choose at least one scope: a client without scopes could not call anything.";

interface ApiClient {
  id: string;
  name: string;
  scopes: string[];
  legacyAllScopes: boolean;
  secretHint: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

interface Data {
  store: { id: string; name: string; createdAt: string } | null;
  apiClients: ApiClient[];
}

export function Developer({ storeId }: PageProps) {
  const q = useQuery<Data>(API_CLIENTS, { storeId });
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [editing, setEditing] = useState<ApiClient | null>(null);
  const [revoking, setRevoking] = useState<ApiClient | null>(null);
  const [showRevoked, setShowRevoked] = useState(false);
  const revoke = useMutation(REVOKE_API_CLIENT);

  return (
    <>
      <PageHeader
        title="Developer settings"
        description="Store ID and API clients for integrations with the REST and compatibility APIs."
      />
      <QueryView state={q} label="Loading API clients…">
        {(data) => {
          const clients = data.apiClients.filter((c) => showRevoked || !c.revokedAt);
          const revokedCount = data.apiClients.filter((c) => c.revokedAt).length;
          return (
            <>
              <Section title="General">
                <Details
                  items={[
                    ["Store", data.store?.name ?? "—"],
                    [
                      "Store ID",
                      <span class="inline">
                        <code id="store-id">{storeId}</code> <CopyButton text={storeId} label="Copy the Store ID" />
                      </span>,
                    ],
                    ["API base URL", <code>{location.origin}/v2.2</code>],
                  ]}
                />
              </Section>
              <Section
                title="API clients"
                actions={
                  <button type="button" onClick={() => setAdding(true)}>
                    Add API Client
                  </button>
                }
              >
                <p class="muted">
                  Each client has its own secret, sent as <code>Authorization: Bearer &lt;secret&gt;</code>. Scopes limit what it may do;
                  change them at any time without issuing a new secret.
                </p>
                {revokedCount > 0 && (
                  <label class="checkbox">
                    <input type="checkbox" checked={showRevoked} onChange={(e) => setShowRevoked((e.target as HTMLInputElement).checked)} />{" "}
                    Show revoked clients ({revokedCount})
                  </label>
                )}
                <Table
                  caption="API clients"
                  rows={clients}
                  rowKey={(c) => c.id}
                  rowClass={(c) => (c.revokedAt ? "revoked" : undefined)}
                  empty={
                    <Empty title="No API clients yet">
                      Add one to connect an integration; you choose its scopes and see its secret once.
                    </Empty>
                  }
                  columns={[
                    {
                      label: "Name",
                      render: (c) => (
                        <>
                          <strong>{c.name}</strong>
                          <br />
                          <code class="small muted">{c.secretHint}</code>
                        </>
                      ),
                    },
                    {
                      label: "Scopes",
                      render: (c) =>
                        c.legacyAllScopes ? (
                          <Badge tone="warn">All scopes (legacy)</Badge>
                        ) : c.scopes.length ? (
                          <ul class="chips" aria-label={`Scopes of ${c.name}`}>
                            {c.scopes.map((s) => (
                              <li>
                                <Badge>{s}</Badge>
                              </li>
                            ))}
                          </ul>
                        ) : (
                          <span class="muted">No scopes</span>
                        ),
                    },
                    { label: "Created", render: (c) => <Time value={c.createdAt} /> },
                    { label: "Last used", render: (c) => <Time value={c.lastUsedAt} empty="Never" /> },
                    {
                      label: "Status",
                      render: (c) =>
                        c.revokedAt ? (
                          <Badge tone="bad">
                            Revoked <Time value={c.revokedAt} />
                          </Badge>
                        ) : (
                          <Badge tone="good">Active</Badge>
                        ),
                    },
                    {
                      label: "Actions",
                      class: "actions-cell",
                      render: (c) =>
                        c.revokedAt ? null : (
                          <div class="actions">
                            <button
                              type="button"
                              class="secondary small"
                              onClick={() => setEditing(c)}
                              aria-label={`Edit scopes of ${c.name}`}
                            >
                              Edit scopes
                            </button>
                            <button
                              type="button"
                              class="danger-outline small"
                              onClick={() => (revoke.clearError(), setRevoking(c))}
                              aria-label={`Revoke ${c.name}`}
                            >
                              Revoke
                            </button>
                          </div>
                        ),
                    },
                  ]}
                />
              </Section>
            </>
          );
        }}
      </QueryView>

      <AddClientDialog
        open={adding}
        storeId={storeId}
        onClose={() => setAdding(false)}
        onCreated={(name, s) => {
          setAdding(false);
          setSecret({ name, secret: s });
          q.reload();
        }}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
      {editing && (
        <EditScopesDialog
          client={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            q.reload();
          }}
        />
      )}
      <ConfirmDialog
        open={!!revoking}
        title={`Revoke “${revoking?.name ?? ""}”?`}
        confirmLabel="Revoke API client"
        busy={revoke.busy}
        error={revoke.error}
        onClose={() => setRevoking(null)}
        onConfirm={async () => {
          if (revoking && (await revoke.run({ id: revoking.id }))) {
            setRevoking(null);
            q.reload();
          }
        }}
      >
        <p>Integrations using this secret stop working at their next request. This cannot be undone; you can add a new client instead.</p>
      </ConfirmDialog>
    </>
  );
}

function ScopeCheckboxes({
  selected,
  onChange,
  legend,
  disabled,
  error,
}: {
  selected: Set<string>;
  onChange: (s: Set<string>) => void;
  legend: string;
  disabled?: boolean;
  error?: string;
}) {
  return (
    <fieldset class={error ? "scopes invalid" : "scopes"} disabled={disabled}>
      <legend>{legend}</legend>
      <FieldError message={error} />
      <div class="scope-grid">
        {SCOPES.map((s) => (
          <label class="checkbox scope">
            <input
              type="checkbox"
              name="scopes"
              value={s.name}
              checked={selected.has(s.name)}
              onChange={(e) => {
                const next = new Set(selected);
                if ((e.target as HTMLInputElement).checked) next.add(s.name);
                else next.delete(s.name);
                onChange(next);
              }}
            />
            <span>
              {s.label}
              <code class="small muted scope-name">{s.name}</code>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function AddClientDialog({
  open,
  storeId,
  onClose,
  onCreated,
}: {
  open: boolean;
  storeId: string;
  onClose: () => void;
  onCreated: (name: string, secret: string) => void;
}) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<Set<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const create = useMutation<DashboardCreateApiClientMutation>(CREATE_API_CLIENT);
  const errors = fieldErrors(create.error, CLIENT_FIELDS, { scopes: submitted && !scopes.size ? NO_SCOPE : null });
  const close = () => {
    setName("");
    setScopes(new Set());
    setSubmitted(false);
    create.clearError();
    onClose();
  };
  async function submit(e: Event) {
    e.preventDefault();
    setSubmitted(true);
    if (!scopes.size) return create.clearError();
    const out = await create.run({ storeId, input: { name, scopes: SCOPES.map((s) => s.name).filter((s) => scopes.has(s)) } });
    if (out) {
      setName("");
      setScopes(new Set());
      setSubmitted(false);
      onCreated(out.createApiClient.apiClient.name, out.createApiClient.secret);
    }
  }
  return (
    <Dialog open={open} title="Add API Client" onClose={close}>
      <form onSubmit={submit} id="add-client-form">
        <Field label="Name" hint="For you to recognise it, e.g. the integration's name." error={errors.fields.name}>
          <input name="name" required maxLength={200} value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </Field>
        <ScopeCheckboxes legend="Scopes" selected={scopes} onChange={setScopes} error={errors.fields.scopes} />
        <ErrorMessage error={errors.other} />
        <div class="dialog-footer">
          <button type="button" class="secondary" onClick={close}>
            Cancel
          </button>
          <button type="submit" disabled={create.busy} aria-busy={create.busy}>
            {create.busy ? "Creating…" : "Create API client"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** The new secret, once. Closing the dialog drops it from memory: it cannot be shown again. */
function SecretDialog({ shown, onClose }: { shown: { name: string; secret: string } | null; onClose: () => void }) {
  return (
    <SecretOnceDialog
      secret={shown?.secret ?? null}
      title="Copy your API secret now"
      label="API secret"
      copyLabel="Copy the API secret"
      testId="new-secret"
      onClose={onClose}
    >
      <strong>This is the only time the secret of “{shown?.name}” is shown.</strong> Store it in your integration's secret manager. Retour
      keeps only a hash: if you lose it, revoke this client and add a new one.
    </SecretOnceDialog>
  );
}

/**
 * Scopes apply from the client's next request; the secret is not re-issued. A legacy client (made
 * before scopes existed) shows the "All scopes (legacy)" option, checked: unchecking it narrows the
 * client to the scopes ticked below, for good. New clients are never offered that option.
 */
function EditScopesDialog({ client, onClose, onSaved }: { client: ApiClient; onClose: () => void; onSaved: () => void }) {
  const [scopes, setScopes] = useState<Set<string>>(() => new Set(client.legacyAllScopes ? [] : client.scopes));
  const [legacy, setLegacy] = useState(client.legacyAllScopes);
  const save = useMutation(SET_API_CLIENT_SCOPES);
  const endLegacy = useMutation(END_API_CLIENT_LEGACY_SCOPES);
  const busy = save.busy || endLegacy.busy;
  const [submitted, setSubmitted] = useState(false);
  const errors = fieldErrors(save.error ?? endLegacy.error, CLIENT_FIELDS, {
    scopes: submitted && !legacy && !scopes.size ? NO_SCOPE : null,
  });
  async function submit(e: Event) {
    e.preventDefault();
    if (legacy) return onClose(); // nothing to change: it keeps every scope
    setSubmitted(true);
    if (!scopes.size) return;
    const variables = { id: client.id, scopes: SCOPES.map((s) => s.name).filter((s) => scopes.has(s)) };
    if (await (client.legacyAllScopes ? endLegacy : save).run(variables)) onSaved();
  }
  return (
    <Dialog open title={`Edit scopes of “${client.name}”`} onClose={onClose}>
      <form onSubmit={submit}>
        <p class="muted">The secret stays the same; the new scopes apply from the client's next request.</p>
        {client.legacyAllScopes && (
          <div class="warning" role="note">
            <label class="checkbox">
              <input type="checkbox" checked={legacy} onChange={(e) => setLegacy((e.target as HTMLInputElement).checked)} /> All scopes
              (legacy)
            </label>
            <p class="small">
              {legacy
                ? "This client was created before scopes existed, so it holds every scope, including ones added later. Uncheck this to restrict it to chosen scopes."
                : "Saving restricts this client to the scopes below. This cannot be undone: the all-scopes option is not available again."}
            </p>
          </div>
        )}
        <ScopeCheckboxes legend="Scopes" selected={scopes} onChange={setScopes} disabled={legacy} error={errors.fields.scopes} />
        <ErrorMessage error={errors.other} />
        <div class="dialog-footer">
          <button type="button" class="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? "Saving…" : "Save scopes"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
