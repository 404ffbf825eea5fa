// Settings · Shop: the shop Retour connects to (its platform, where its Admin API answers, an API key made in the
// shop, write-only: the saved key is only named by its last four characters), and a button that asks the core to
// test the connection and words its finding (refusals/shop-findings.ts). The core checks everything (the address's outbound guard,
// a key required when the shop moves) and names the field.
import { useState } from "preact/hooks";
import type { PageProps } from "../router";
import { fieldErrors } from "../forms";
import { REMOVE_SHOP_CONNECTION, SET_SHOP_CONNECTION, SHOP_CONNECTION, TEST_SHOP_CONNECTION } from "./shop.ops";
import { ErrorMessage, Notice, PageHeader, QueryView, Section, Time, useMutation, useQuery } from "../ui";
import { ConfirmDialog, Field } from "../ui-forms";
import { ShopOrders } from "./shop-orders";
import { findingWords } from "../refusals/shop-findings";
import type {
  DashboardRemoveShopConnectionMutation,
  DashboardSetShopConnectionMutation,
  DashboardShopConnectionQuery,
  DashboardTestShopConnectionMutation,
} from "../codegen/operations";

type Connection = DashboardShopConnectionQuery["shopConnection"];
type TestResult = DashboardTestShopConnectionMutation["testShopConnection"];

/** The platforms the core connects to (GraphQL `shopPlatforms`), as people name them. */
type Platforms = DashboardShopConnectionQuery["shopPlatforms"];
const nameOf = (platforms: Platforms, code: string) => platforms.find((p) => p.platform === code)?.name ?? code;

const LABELS: Record<string, string> = {
  "input.platform": "Platform",
  "input.adminApiUrl": "Admin API address",
  "input.apiKey": "API key",
};

/** What each problem means for the merchant (the finding follows with the details and what to do). */
const PROBLEM_WORDS: Record<string, string> = {
  refused_address: "Retour may not call this address.",
  unreachable: "Retour could not reach your shop.",
  not_admin_api: "Something answered at this address, but it is not your shop's Admin API.",
  wrong_key: "Your shop does not accept the API key.",
  missing_permission: "The API key works, but it may not read orders.",
};

export function ShopConnectionPage({ storeId }: PageProps) {
  const q = useQuery<DashboardShopConnectionQuery>(SHOP_CONNECTION, { storeId });
  return (
    <>
      <PageHeader
        title="Shop"
        description="The shop Retour works with: its platform, where its Admin API answers and an API key made in the shop. Test the connection to see whether Retour can read your shop's orders."
      />
      <QueryView state={q} label="Loading the shop connection…">
        {(data) => <ShopForm storeId={storeId} saved={data.shopConnection} platforms={data.shopPlatforms} />}
      </QueryView>
    </>
  );
}

function ShopForm({ storeId, saved, platforms }: { storeId: string; saved: Connection | null; platforms: Platforms }) {
  const [current, setCurrent] = useState<Connection | null>(saved);
  const [platform, setPlatform] = useState<string>(saved?.platform ?? platforms[0]?.platform ?? "");
  const [url, setUrl] = useState(saved?.adminApiUrl ?? "");
  const [apiKey, setApiKey] = useState("");
  const [done, setDone] = useState(false);
  const [result, setResult] = useState<TestResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const save = useMutation<DashboardSetShopConnectionMutation>(SET_SHOP_CONNECTION);
  const test = useMutation<DashboardTestShopConnectionMutation>(TEST_SHOP_CONNECTION);
  const remove = useMutation<DashboardRemoveShopConnectionMutation>(REMOVE_SHOP_CONNECTION);
  const { fields, other } = fieldErrors(save.error, LABELS);

  const submit = async (e: Event) => {
    e.preventDefault();
    setDone(false);
    setResult(null);
    const res = await save.run({ storeId, input: { platform, adminApiUrl: url.trim(), apiKey: apiKey.trim() || null } });
    if (res) {
      setCurrent(res.setShopConnection);
      setApiKey("");
      setDone(true);
    }
  };
  const runTest = async () => {
    setResult(null);
    const res = await test.run({ storeId });
    if (res) setResult(res.testShopConnection);
  };
  const confirmRemove = async () => {
    const res = await remove.run({ storeId });
    if (res) {
      setConfirming(false);
      setCurrent(null);
      setUrl("");
      setApiKey("");
      setResult(null);
      setDone(false);
    }
  };

  return (
    <>
      {current ? (
        <p>
          Connected to {nameOf(platforms, current.platform)} at <strong>{current.adminApiUrl}</strong> with the API key ending in{" "}
          <strong>{current.apiKeyHint}</strong> (saved <Time value={current.updatedAt} />
          ).
        </p>
      ) : (
        <Notice>
          No shop is connected yet: choose the platform, paste your shop's Admin API address and an API key made in the shop, then save.
        </Notice>
      )}
      <form onSubmit={submit} noValidate>
        <Section title="Connection">
          <Field label="Platform" error={fields["input.platform"]}>
            <select value={platform} onChange={(e) => (setDone(false), setPlatform(e.currentTarget.value))}>
              {platforms.map((p) => (
                <option key={p.platform} value={p.platform}>
                  {p.name}
                </option>
              ))}
            </select>
          </Field>
          <Field
            label="Admin API address"
            hint="Where your shop's Admin API answers, such as https://shop.example.com/admin-api"
            error={fields["input.adminApiUrl"]}
          >
            <input type="url" value={url} onInput={(e) => (setDone(false), setUrl(e.currentTarget.value))} autoComplete="off" required />
          </Field>
          <Field
            label="API key"
            hint={
              current
                ? `Leave it empty to keep the saved key ending in ${current.apiKeyHint}. Retour never shows a saved key again.`
                : "Made in your shop (Vendure: Settings → API keys) for a role that may read orders. Retour never shows it again."
            }
            error={fields["input.apiKey"]}
          >
            <input type="password" value={apiKey} onInput={(e) => (setDone(false), setApiKey(e.currentTarget.value))} autoComplete="off" />
          </Field>
        </Section>
        <ErrorMessage error={other} />
        {done && <p role="status">Saved. Test the connection to check it.</p>}
        <button type="submit" disabled={save.busy} aria-busy={save.busy}>
          {save.busy ? "Saving…" : "Save the connection"}
        </button>
      </form>
      {current && (
        <Section title="Check it">
          <p>
            Retour calls your shop with the saved key: can it reach the shop, is it the Admin API, is the key accepted, may it read orders?
          </p>
          <button type="button" onClick={runTest} disabled={test.busy} aria-busy={test.busy}>
            {test.busy ? "Testing…" : "Test the connection"}
          </button>
          <ErrorMessage error={test.error} />
          {result && (
            <div role="status" aria-label="Connection test" class={result.ok ? "notice" : "warning"}>
              <p>
                <strong>
                  {result.ok ? "The connection works." : (PROBLEM_WORDS[result.problem ?? ""] ?? "The connection does not work.")}
                </strong>
              </p>
              <p>{findingWords(result.finding)}</p>
            </div>
          )}
          <p>
            <button type="button" class="danger" onClick={() => setConfirming(true)}>
              Remove the connection
            </button>
          </p>
        </Section>
      )}
      {current && <ShopOrders storeId={storeId} connection={current} onChange={setCurrent} />}
      <ConfirmDialog
        open={confirming}
        title="Remove the shop connection?"
        confirmLabel="Remove the connection"
        onConfirm={confirmRemove}
        onClose={() => (remove.clearError(), setConfirming(false))}
        busy={remove.busy}
        error={remove.error}
      >
        <p>Retour forgets the address and the API key. You can connect the shop again at any time with a key.</p>
      </ConfirmDialog>
    </>
  );
}
