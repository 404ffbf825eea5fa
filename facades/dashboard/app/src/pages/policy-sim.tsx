// The saved draft run over the store's past returns in a date range (the store's time zone), beside the
// published version: the money by currency under each, and the returns it would decide otherwise, by
// return number and order name, with the rule that refuses or reviews each.
import { useState } from "preact/hooks";
import { gql, type GraphQLRequestError } from "../graphql";
import { addDecimal, EFFECT_WORDS, formatMoney, nextDay, plainExplanation, zonedMidnight, zonedTime } from "../policy-logic";
import { asError, Empty, ErrorMessage, Section, Table } from "../ui";
import { Field } from "../ui-forms";
import { RETURN_POLICY_SIMULATION } from "./policy.ops";

type M = { amount: string; currency: string };
type Totals = { returns: number; refused: number; reviewed: number; refunds: M; storeCredit: M; bonus: M; fees: M };
type Side = { refused: boolean; reviewed: boolean; decisions: { effect: string; name: string; merchantExplanation: string }[] };
interface Affected {
  returnId: string;
  returnNumber: string | null;
  orderName: string;
  createdAt: string;
  draft: Side;
  published: Side;
}
interface Page {
  scanned: number;
  publishedVersion: number | null;
  money: { currency: string; draft: Totals; published: Totals }[];
  affected: Affected[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}
interface Result {
  scanned: number;
  publishedVersion: number | null;
  money: Page["money"];
  affected: Affected[];
}

const addTotals = (a: Totals, b: Totals): Totals => ({
  returns: a.returns + b.returns,
  refused: a.refused + b.refused,
  reviewed: a.reviewed + b.reviewed,
  refunds: { ...a.refunds, amount: addDecimal(a.refunds.amount, b.refunds.amount) },
  storeCredit: { ...a.storeCredit, amount: addDecimal(a.storeCredit.amount, b.storeCredit.amount) },
  bonus: { ...a.bonus, amount: addDecimal(a.bonus.amount, b.bonus.amount) },
  fees: { ...a.fees, amount: addDecimal(a.fees.amount, b.fees.amount) },
});

/** Every page of the simulation, summed (money per currency, exactly). */
async function runAll(storeId: string, from: string, to: string): Promise<Result> {
  const out: Result = { scanned: 0, publishedVersion: null, money: [], affected: [] };
  let after: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const p: Page = (await gql<{ returnPolicySimulation: Page }>(RETURN_POLICY_SIMULATION, { storeId, from, to, after }))
      .returnPolicySimulation;
    out.scanned += p.scanned;
    out.publishedVersion = p.publishedVersion;
    out.affected.push(...p.affected);
    for (const m of p.money) {
      const have = out.money.find((x) => x.currency === m.currency);
      if (have) {
        have.draft = addTotals(have.draft, m.draft);
        have.published = addTotals(have.published, m.published);
      } else out.money.push(m);
    }
    if (!p.pageInfo.hasNextPage || !p.pageInfo.endCursor) break;
    after = p.pageInfo.endCursor;
  }
  return out;
}

const today = () => new Date().toISOString().slice(0, 10);
const yearAgo = () => new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);

function sideText(s: Side): string {
  return s.refused ? "Refused" : s.reviewed ? "Sent to review" : "Accepted";
}

export function PolicySimulation({
  storeId,
  timeZone,
  dirty,
  savedAt,
}: {
  storeId: string;
  timeZone: string;
  dirty: boolean;
  savedAt: string | null;
}) {
  const [from, setFrom] = useState(yearAgo);
  const [to, setTo] = useState(today);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<GraphQLRequestError | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const run = async (e: Event) => {
    e.preventDefault();
    setRangeError(null);
    if (!from || !to || from > to) {
      setRangeError("Choose a start date on or before the end date.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      setResult(await runAll(storeId, zonedMidnight(from, timeZone), zonedMidnight(nextDay(to), timeZone)));
    } catch (err) {
      setError(asError(err));
    } finally {
      setBusy(false);
    }
  };
  const before = (v: number | null) => (v == null ? "Now (no policy)" : `Now (version ${v})`);
  return (
    <Section title="Try the draft on past returns">
      <p class="muted small">
        Runs the saved draft over the returns created between two dates (in {timeZone}) and compares it with what customers have now.
      </p>
      {dirty && <p class="warning">The simulation uses the saved draft: save your changes first to try them.</p>}
      <form class="inline" aria-label="Simulation range" onSubmit={run}>
        <Field label="Returns created from" error={rangeError}>
          <input type="date" value={from} onInput={(e) => setFrom((e.target as HTMLInputElement).value)} />
        </Field>
        <Field label="Returns created to">
          <input type="date" value={to} onInput={(e) => setTo((e.target as HTMLInputElement).value)} />
        </Field>
        <button type="submit" disabled={busy || !savedAt} aria-busy={busy}>
          {busy ? "Simulating…" : "Simulate"}
        </button>
      </form>
      <ErrorMessage error={error} />
      {result && (
        <div class="simulation" aria-live="polite">
          <p>
            <strong>{result.scanned}</strong> past {result.scanned === 1 ? "return" : "returns"} checked;{" "}
            <strong>{result.affected.length}</strong> would be decided differently.
          </p>
          {result.money.map((m) => (
            <Table
              caption={`Money in ${m.currency}`}
              rows={[
                ["Returns refused", String(m.published.refused), String(m.draft.refused)],
                ["Returns sent to review", String(m.published.reviewed), String(m.draft.reviewed)],
                ["Refunds", formatMoney(m.published.refunds.amount, m.currency), formatMoney(m.draft.refunds.amount, m.currency)],
                [
                  "Store credit and exchanges",
                  formatMoney(m.published.storeCredit.amount, m.currency),
                  formatMoney(m.draft.storeCredit.amount, m.currency),
                ],
                ["Bonus credit", formatMoney(m.published.bonus.amount, m.currency), formatMoney(m.draft.bonus.amount, m.currency)],
                ["Fees charged", formatMoney(m.published.fees.amount, m.currency), formatMoney(m.draft.fees.amount, m.currency)],
              ]}
              rowKey={(r) => r[0]}
              empty={null}
              columns={[
                { label: m.currency, render: (r) => r[0] },
                { label: before(result.publishedVersion), render: (r) => r[1] },
                { label: "With the draft", render: (r) => r[2] },
              ]}
            />
          ))}
          <h3>Returns the draft decides differently</h3>
          {result.affected.length ? (
            <ul class="plain policy-why" aria-label="Returns the draft decides differently">
              {result.affected.map((a) => (
                <li key={a.returnId}>
                  <strong>
                    Return {a.returnNumber ?? "without a number"} · order {a.orderName}
                  </strong>{" "}
                  <span class="muted small">created {zonedTime(a.createdAt, timeZone)}</span>
                  <div class="small">
                    Now: {sideText(a.published)} → with the draft: {sideText(a.draft)}
                  </div>
                  <ul class="plain small">
                    {[
                      ...new Set(
                        a.draft.decisions.map(
                          (d) =>
                            `${EFFECT_WORDS[d.effect] ?? "Decided"} by ${d.name}: ${plainExplanation(d.merchantExplanation, timeZone)}`,
                        ),
                      ),
                    ].map((line) => (
                      <li>{line}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          ) : (
            <Empty title="No past return changes">Every return in the range is decided as it is now.</Empty>
          )}
        </div>
      )}
    </Section>
  );
}
