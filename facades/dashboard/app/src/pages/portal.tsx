// Settings · Returns portal: the store's handle (its address), branding, languages, how shoppers find an
// order, the return address, the carrier and the ways to send items back, with a link to preview the
// portal. The core checks everything (a colour without contrast, a taken handle) and names the field.
import { useState } from "preact/hooks";
import type { PageProps } from "../router";
import { fieldErrors } from "../forms";
import { PORTAL_SETTINGS, UPDATE_PORTAL_SETTINGS } from "./portal.ops";
import { ErrorMessage, Notice, PageHeader, QueryView, Section, useMutation, useQuery } from "../ui";
import { Field, FieldError } from "../ui-forms";
import type { DashboardPortalSettingsQuery, DashboardUpdatePortalSettingsMutation } from "../codegen/operations";

type PortalSettings = DashboardPortalSettingsQuery["portalSettings"];

const LANGUAGES: [string, string][] = [["fr", "French"]];
const LOOKUPS: [string, string][] = [
  ["email", "Order number and email"],
  ["postal_code", "Order number and postal code"],
  ["either", "Order number and email or postal code"],
];
const METHODS: [string, string][] = [
  ["prepaid_label", "Prepaid label (printed by the shopper)"],
  ["drop_off_qr", "Drop-off QR code"],
  ["ship_yourself", "Shopper ships it to the return address"],
];
const CARRIERS: [string, string][] = [["test", "Retour Test Carrier"]];

const LABELS: Record<string, string> = {
  "input.handle": "Portal address",
  "input.displayName": "Shop name shown",
  "input.logoUrl": "Logo link",
  "input.accentColor": "Accent colour",
  "input.languages": "Languages",
  "input.lookupMethod": "Finding an order",
  "input.returnMethods": "Ways to send items back",
  "input.carrier": "Carrier",
  "input.returnAddress": "Return address",
};

interface Form {
  handle: string;
  displayName: string;
  logoUrl: string;
  accentColor: string;
  languages: string[];
  lookupMethod: string;
  returnMethods: string[];
  carrier: string;
  name: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

function formOf(s: PortalSettings | null): Form {
  const a: Partial<NonNullable<NonNullable<PortalSettings>["returnAddress"]>> = s?.returnAddress ?? {};
  return {
    handle: s?.handle ?? "",
    displayName: s?.displayName ?? "",
    logoUrl: s?.logoUrl ?? "",
    accentColor: s?.accentColor ?? "#1F4E79",
    languages: s?.languages ?? ["en"],
    lookupMethod: s?.lookupMethod ?? "email",
    returnMethods: s?.returnMethods ?? ["prepaid_label"],
    carrier: s?.carrier ?? "test",
    name: a.name ?? "",
    line1: a.line1 ?? "",
    line2: a.line2 ?? "",
    city: a.city ?? "",
    state: a.state ?? "",
    postalCode: a.postalCode ?? "",
    country: a.country ?? "",
  };
}

function inputOf(f: Form) {
  const hasAddress = [f.name, f.line1, f.city, f.country].some((v) => v.trim());
  return {
    handle: f.handle.trim(),
    displayName: f.displayName,
    logoUrl: f.logoUrl.trim() || null,
    accentColor: f.accentColor,
    languages: f.languages,
    lookupMethod: f.lookupMethod,
    returnMethods: f.returnMethods,
    carrier: f.carrier,
    returnAddress: hasAddress
      ? {
          name: f.name,
          line1: f.line1,
          line2: f.line2 || null,
          city: f.city,
          state: f.state || null,
          postalCode: f.postalCode || null,
          country: f.country,
        }
      : null,
  };
}

export function PortalSettingsPage({ storeId }: PageProps) {
  const q = useQuery<DashboardPortalSettingsQuery>(PORTAL_SETTINGS, { storeId });
  return (
    <>
      <PageHeader
        title="Returns portal"
        description="The page where your shoppers start a return: its address, its look, how they find their order and how items come back."
      />
      <QueryView state={q} label="Loading the portal settings…">
        {(data) => <PortalForm storeId={storeId} saved={data.portalSettings} />}
      </QueryView>
    </>
  );
}

function toggle(list: string[], value: string, on: boolean) {
  return on ? [...new Set([...list, value])] : list.filter((v) => v !== value);
}

function PortalForm({ storeId, saved }: { storeId: string; saved: PortalSettings | null }) {
  const [form, setForm] = useState<Form>(() => formOf(saved));
  const [current, setCurrent] = useState<PortalSettings | null>(saved);
  const [done, setDone] = useState(false);
  const save = useMutation<DashboardUpdatePortalSettingsMutation>(UPDATE_PORTAL_SETTINGS);
  const { fields, other } = fieldErrors(save.error, LABELS);
  const set = (patch: Partial<Form>) => {
    setDone(false);
    setForm({ ...form, ...patch });
  };
  const text = (k: keyof Form) => ({
    value: form[k] as string,
    onInput: (e: Event) => set({ [k]: (e.currentTarget as HTMLInputElement).value } as Partial<Form>),
  });
  const submit = async (e: Event) => {
    e.preventDefault();
    const res = await save.run({ storeId, input: inputOf(form) });
    if (res) {
      setCurrent(res.updatePortalSettings);
      setForm(formOf(res.updatePortalSettings));
      setDone(true);
    }
  };
  const preview = current ? `/portal/${encodeURIComponent(current.handle)}` : null;
  return (
    <form onSubmit={submit} noValidate>
      {!current && <Notice>The portal is not set up yet: choose its address and return address, then save.</Notice>}
      {preview && (
        <p>
          Your portal is at{" "}
          <a href={preview} target="_blank" rel="noopener">
            {location.origin}
            {preview}
          </a>{" "}
          (opens a preview in a new tab).
        </p>
      )}
      <Section title="Address and look">
        <Field label="Portal address" hint="Lowercase letters, digits and hyphens: /portal/your-shop" error={fields["input.handle"]}>
          <input {...text("handle")} required autoComplete="off" />
        </Field>
        <Field label="Shop name shown" error={fields["input.displayName"]}>
          <input {...text("displayName")} required />
        </Field>
        <Field label="Logo link" hint="An https:// link to your logo image (optional)" error={fields["input.logoUrl"]}>
          <input {...text("logoUrl")} type="url" />
        </Field>
        <Field label="Accent colour" hint="Buttons and links; it must read well with white" error={fields["input.accentColor"]}>
          <input {...text("accentColor")} type="color" />
        </Field>
        <fieldset class="field">
          <legend class="field-label">Languages</legend>
          <label>
            <input type="checkbox" checked disabled /> English (always)
          </label>
          {LANGUAGES.map(([code, name]) => (
            <label key={code}>
              <input
                type="checkbox"
                checked={form.languages.includes(code)}
                onChange={(e) => set({ languages: toggle(form.languages, code, e.currentTarget.checked) })}
              />{" "}
              {name}
            </label>
          ))}
          <FieldError message={fields["input.languages"]} />
        </fieldset>
      </Section>
      <Section title="Finding an order">
        <Field label="Finding an order" error={fields["input.lookupMethod"]}>
          <select value={form.lookupMethod} onChange={(e) => set({ lookupMethod: e.currentTarget.value })}>
            {LOOKUPS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </Field>
      </Section>
      <Section title="Sending items back">
        <fieldset class="field">
          <legend class="field-label">Ways to send items back</legend>
          {METHODS.map(([v, l]) => (
            <label key={v}>
              <input
                type="checkbox"
                checked={form.returnMethods.includes(v)}
                onChange={(e) => set({ returnMethods: toggle(form.returnMethods, v, e.currentTarget.checked) })}
              />{" "}
              {l}
            </label>
          ))}
          <FieldError message={fields["input.returnMethods"]} />
        </fieldset>
        <Field label="Carrier" hint="Issues the prepaid labels" error={fields["input.carrier"]}>
          <select value={form.carrier} onChange={(e) => set({ carrier: e.currentTarget.value })}>
            {CARRIERS.map(([v, l]) => (
              <option key={v} value={v}>
                {l}
              </option>
            ))}
          </select>
        </Field>
        <fieldset class="field">
          <legend class="field-label">Return address</legend>
          <FieldError message={fields["input.returnAddress"]} />
          <Field label="Name">
            <input {...text("name")} autoComplete="organization" />
          </Field>
          <Field label="Street">
            <input {...text("line1")} autoComplete="address-line1" />
          </Field>
          <Field label="Street (more)">
            <input {...text("line2")} autoComplete="address-line2" />
          </Field>
          <Field label="City">
            <input {...text("city")} autoComplete="address-level2" />
          </Field>
          <Field label="State or region">
            <input {...text("state")} autoComplete="address-level1" />
          </Field>
          <Field label="Postal code">
            <input {...text("postalCode")} autoComplete="postal-code" />
          </Field>
          <Field label="Country" hint="Two letters, e.g. US">
            <input {...text("country")} autoComplete="country" maxLength={2} />
          </Field>
        </fieldset>
      </Section>
      <ErrorMessage error={other} />
      {done && <p role="status">Saved.</p>}
      <button type="submit" disabled={save.busy} aria-busy={save.busy}>
        {save.busy ? "Saving…" : "Save portal settings"}
      </button>
    </form>
  );
}
