// Return policy: the draft edited as forms, saved (the core's refusals shown next to their fields), run over
// the store's past returns beside the published version, published after a confirmation that says what
// changes, and every published version with who published it and when (in the store's time zone).
import { useEffect, useMemo, useState } from "preact/hooks";
import type { PageProps } from "../router";
import { fieldErrors } from "../forms";
import { type PolicyData, type PolicyForm, policyLabels, toForm, toInput, zonedTime } from "../policy-logic";
import { ErrorMessage, Notice, PageHeader, QueryView, Section, useMutation, useQuery } from "../ui";
import { Field } from "../ui-forms";
import { PolicyEditor } from "./policy-editor";
import { PolicyHistory, PublishPolicy } from "./policy-publish";
import { PolicySimulation } from "./policy-sim";
import { RETURN_POLICY, SET_STORE_TIME_ZONE, UPDATE_RETURN_POLICY_DRAFT } from "./policy.ops";

/** The IANA zones the browser knows, UTC first. */
function timeZones(): string[] {
  const known = (Intl as { supportedValuesOf?: (k: string) => string[] }).supportedValuesOf?.("timeZone") ?? [];
  return ["UTC", ...known.filter((z) => z !== "UTC")];
}

export function ReturnPolicyPage({ storeId }: PageProps) {
  const q = useQuery<{ returnPolicy: PolicyData }>(RETURN_POLICY, { storeId });
  const [policy, setPolicy] = useState<PolicyData | null>(null);
  useEffect(() => setPolicy(q.data?.returnPolicy ?? null), [q.data]);
  return (
    <>
      <PageHeader
        title="Return policy"
        description="What customers may return, for what, with which fees and bonus. Edit the draft, try it on past returns, then publish it: returns created after that follow it."
      />
      <QueryView state={q} label="Loading the return policy…">
        {() => (policy ? <PolicyWorkspace storeId={storeId} policy={policy} onChange={setPolicy} onPublished={q.reload} /> : null)}
      </QueryView>
    </>
  );
}

function PolicyWorkspace({
  storeId,
  policy,
  onChange,
  onPublished,
}: {
  storeId: string;
  policy: PolicyData;
  onChange: (p: PolicyData) => void;
  onPublished: () => void;
}) {
  const saved = useMemo(() => toForm(policy.draft), [policy.draft]);
  const [form, setForm] = useState<PolicyForm>(saved);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const save = useMutation<{ updateReturnPolicyDraft: PolicyData }>(UPDATE_RETURN_POLICY_DRAFT);
  const dirty = JSON.stringify(form) !== JSON.stringify(saved);
  const labels = policyLabels(form);
  const errs = fieldErrors(save.error, labels, local);
  const update = (change: (f: PolicyForm) => void) => {
    const next = structuredClone(form);
    change(next);
    setForm(next);
    setNotice(null);
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    const { input, errors } = toInput(form);
    setLocal(errors);
    save.clearError();
    if (Object.keys(errors).length) return;
    const res = await save.run({ storeId, input });
    if (res) {
      onChange(res.updateReturnPolicyDraft);
      setForm(toForm(res.updateReturnPolicyDraft.draft));
      setNotice("Draft saved. Customers still see the published policy until you publish.");
    }
  };
  const problems = Object.keys(errs.fields).length;
  return (
    <div class="policy-layout">
      <form class="policy-editor" aria-label="Draft return policy" onSubmit={submit} noValidate>
        <p class="muted small">
          {policy.draftUpdatedAt
            ? `Draft last saved ${zonedTime(policy.draftUpdatedAt, policy.timeZone)}${policy.draftUpdatedBy?.name ? ` by ${policy.draftUpdatedBy.name}` : ""}.`
            : "No draft saved yet: the form starts from the suggested policy below."}
        </p>
        <PolicyEditor form={form} update={update} errors={errs.fields} />
        <div class="sticky-actions">
          {problems > 0 && (
            <p class="field-error" role="alert">
              The draft was not saved: {problems === 1 ? "one field needs" : `${problems} fields need`} a fix (shown next to{" "}
              {problems === 1 ? "it" : "each"}).
            </p>
          )}
          <ErrorMessage error={errs.other} />
          <Notice>{notice}</Notice>
          <button type="submit" disabled={save.busy} aria-busy={save.busy}>
            {save.busy ? "Saving…" : "Save draft"}
          </button>{" "}
          {dirty && <span class="muted small">Unsaved changes</span>}
        </div>
      </form>
      <div class="policy-side">
        <TimeZoneSection storeId={storeId} policy={policy} onChange={onChange} />
        <PolicySimulation storeId={storeId} timeZone={policy.timeZone} dirty={dirty} savedAt={policy.draftUpdatedAt} />
        <PublishPolicy storeId={storeId} policy={policy} dirty={dirty} onPublished={onPublished} />
        <PolicyHistory policy={policy} />
      </div>
    </div>
  );
}

function TimeZoneSection({ storeId, policy, onChange }: { storeId: string; policy: PolicyData; onChange: (p: PolicyData) => void }) {
  const [zone, setZone] = useState(policy.timeZone);
  const [notice, setNotice] = useState<string | null>(null);
  const setTz = useMutation<{ setStoreTimeZone: PolicyData }>(SET_STORE_TIME_ZONE);
  const zones = useMemo(timeZones, []);
  const errs = fieldErrors(setTz.error, { timeZone: "Store time zone" });
  return (
    <Section title="Store time zone">
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          const res = await setTz.run({ storeId, timeZone: zone });
          if (res) {
            onChange({ ...policy, timeZone: res.setStoreTimeZone.timeZone });
            setNotice(`The store's time zone is now ${res.setStoreTimeZone.timeZone}.`);
          }
        }}
      >
        <Field
          label="Store time zone"
          hint="A return window's last day ends at midnight here; the next published version takes it."
          error={errs.fields.timeZone}
        >
          <select value={zone} onChange={(e) => (setZone((e.target as HTMLSelectElement).value), setNotice(null))}>
            {(zones.includes(policy.timeZone) ? zones : [policy.timeZone, ...zones]).map((z) => (
              <option value={z}>{z.replace(/_/g, " ")}</option>
            ))}
          </select>
        </Field>
        <ErrorMessage error={errs.other} />
        <Notice>{notice}</Notice>
        <button type="submit" class="secondary" disabled={setTz.busy || zone === policy.timeZone} aria-busy={setTz.busy}>
          Save time zone
        </button>
      </form>
    </Section>
  );
}
