// The saved draft run over the store's past returns in a date range (the store's time zone), beside the
// published version: the money by currency under each, and the returns it would decide otherwise, by
// return number and order name, with the rule that refuses or reviews each. The run works in the
// background on the server: the page shows how far it got (polled), offers to stop it, and shows a run
// already going when the page opens (one runs at a time per store).
import { useEffect, useState } from "preact/hooks";
import { gql, type GraphQLRequestError } from "../graphql";
import { type DecisionIn, merchantSays } from "../decision-words";
import { EFFECT_WORDS, formatMoney, nextDay, zonedMidnight, zonedTime } from "../policy-logic";
import { asError, Empty, ErrorMessage, Section, Table } from "../ui";
import { Field } from "../ui-forms";
import { CANCEL_POLICY_SIMULATION, POLICY_SIMULATION_RUN, START_POLICY_SIMULATION } from "./policy.ops";

type M = { amount: string; currency: string };
type Totals = { returns: number; refused: number; reviewed: number; refunds: M; storeCredit: M; bonus: M; fees: M };
type Side = { refused: boolean; reviewed: boolean; decisions: DecisionIn[] };
interface Affected {
  returnId: string;
  returnNumber: string | null;
  orderName: string;
  createdAt: string;
  draft: Side;
  published: Side;
}
interface Run {
  id: string;
  status: "running" | "completed" | "limited" | "cancelled" | "failed";
  returnsTotal: number;
  returnsDone: number;
  linesDone: number;
  cancelRequested: boolean;
  startedAt: string;
  startedByName: string | null;
  error: string | null;
  publishedVersion: number | null;
  /** limited: the creation of the last return checked. */
  coveredTo: string | null;
  timeLimitSeconds: number;
  affectedCount: number;
  money: { currency: string; draft: Totals; published: Totals }[];
  affected: Affected[];
}

/** How often a running simulation's progress is asked for. */
const POLL_MS = 1_000;

const today = () => new Date().toISOString().slice(0, 10);
const yearAgo = () => new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
const count = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

function progressText(run: Run): string {
  const done = count(run.returnsDone, "past return", "past returns");
  if (run.cancelRequested) return `Stopping… ${done} checked so far.`;
  return `Checking past returns: ${run.returnsDone.toLocaleString("en-US")} of ${count(run.returnsTotal, "return", "returns")} so far.`;
}

/** A time limit in people's words: "15 minutes", "90 seconds". */
function limitText(seconds: number): string {
  return seconds % 60 === 0 ? count(seconds / 60, "minute", "minutes") : count(seconds, "second", "seconds");
}

/** What a policy would decide for a past return (a simulation: no return is changed). */
function wouldText(s: Side): string {
  return s.refused ? "would refuse it" : s.reviewed ? "would send it to review" : "would accept it";
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
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<GraphQLRequestError | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  // The store's latest run when the page opens: one still going shows its progress here.
  useEffect(() => {
    gql<{ policySimulationRun: Run | null }>(POLICY_SIMULATION_RUN, { storeId })
      .then((r) => setRun(r.policySimulationRun))
      .catch(() => {});
  }, [storeId]);
  // While it runs, its progress every second.
  const runningId = run?.status === "running" ? run.id : null;
  useEffect(() => {
    if (!runningId) return;
    const timer = setInterval(() => {
      gql<{ policySimulationRun: Run | null }>(POLICY_SIMULATION_RUN, { storeId, id: runningId })
        .then((r) => r.policySimulationRun && setRun(r.policySimulationRun))
        .catch((err) => setError(asError(err)));
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [storeId, runningId]);
  const start = async (e: Event) => {
    e.preventDefault();
    setRangeError(null);
    if (!from || !to || from > to) {
      setRangeError("Choose a start date on or before the end date.");
      return;
    }
    setStarting(true);
    setError(null);
    try {
      const r = await gql<{ startPolicySimulation: Run }>(START_POLICY_SIMULATION, {
        storeId,
        from: zonedMidnight(from, timeZone),
        to: zonedMidnight(nextDay(to), timeZone),
      });
      setRun(r.startPolicySimulation);
    } catch (err) {
      setError(asError(err));
      // Refused because one is already going: show that one.
      gql<{ policySimulationRun: Run | null }>(POLICY_SIMULATION_RUN, { storeId })
        .then((r) => setRun(r.policySimulationRun))
        .catch(() => {});
    } finally {
      setStarting(false);
    }
  };
  const cancel = async () => {
    if (!run) return;
    try {
      setRun((await gql<{ cancelPolicySimulation: Run }>(CANCEL_POLICY_SIMULATION, { storeId, id: run.id })).cancelPolicySimulation);
    } catch (err) {
      setError(asError(err));
    }
  };
  const running = run?.status === "running";
  // A run stopped at its time limit shows what it checked, said as such.
  const result = run?.status === "completed" || run?.status === "limited" ? run : null;
  // Both sides are what a policy WOULD decide for these past returns, asked today: nothing was refused for real.
  const current = (v: number | null) => (v == null ? "With no policy (as now)" : `Current policy (version ${v})`);
  const currentWould = (v: number | null, side: Side) =>
    v == null ? "Without a policy it would be accepted" : `The current policy (version ${v}) ${wouldText(side)}`;
  return (
    <Section title="Try the draft on past returns">
      <p class="muted small">
        Runs the saved draft over the returns created between two dates (in {timeZone}) and compares what it would decide for them with what
        the current policy would decide for them today. Nothing is changed: no past return is refused, refunded or reviewed again.
      </p>
      {dirty && <p class="warning">The simulation uses the saved draft: save your changes first to try them.</p>}
      <form class="inline" aria-label="Simulation range" onSubmit={start}>
        <Field label="Returns created from" error={rangeError}>
          <input type="date" value={from} onInput={(e) => setFrom((e.target as HTMLInputElement).value)} />
        </Field>
        <Field label="Returns created to">
          <input type="date" value={to} onInput={(e) => setTo((e.target as HTMLInputElement).value)} />
        </Field>
        <button type="submit" disabled={starting || running || !savedAt} aria-busy={starting}>
          {starting ? "Starting…" : "Simulate"}
        </button>
      </form>
      <ErrorMessage error={error} />
      {running && run && (
        <div class="simulation-progress" aria-live="polite">
          <progress max={Math.max(1, run.returnsTotal)} value={run.returnsDone} aria-label="Simulation progress" />
          <p>{progressText(run)}</p>
          <button type="button" onClick={cancel} disabled={run.cancelRequested}>
            Stop the simulation
          </button>
        </div>
      )}
      {run?.status === "cancelled" && (
        <p class="muted">
          The simulation was stopped after {count(run.returnsDone, "past return", "past returns")}: simulate again to see its result.
        </p>
      )}
      {run?.status === "failed" && <p class="warning">{run.error ?? "The simulation did not finish."} Simulate again to retry.</p>}
      {result?.status === "limited" && (
        <p class="warning">
          The simulation reached its time limit ({limitText(result.timeLimitSeconds)}) after checking{" "}
          {result.returnsDone.toLocaleString("en-US")} of {count(result.returnsTotal, "past return", "past returns")}: the figures below
          cover the returns created up to {result.coveredTo ? zonedTime(result.coveredTo, timeZone) : "the last one checked"}. Simulate a
          shorter range to see the rest.
        </p>
      )}
      {result && (
        <div class="simulation" aria-live="polite">
          <p>
            <strong>{result.returnsDone.toLocaleString("en-US")}</strong> past {result.returnsDone === 1 ? "return" : "returns"} checked;{" "}
            <strong>{result.affectedCount.toLocaleString("en-US")}</strong> would be decided differently by the draft than by the current
            policy
            {result.affectedCount > result.affected.length
              ? ` (the first ${result.affected.length.toLocaleString("en-US")} are listed)`
              : ""}
            .
          </p>
          {result.money.map((m) => (
            <Table
              caption={`Money in ${m.currency}`}
              rows={[
                ["Returns it would refuse", String(m.published.refused), String(m.draft.refused)],
                ["Returns it would send to review", String(m.published.reviewed), String(m.draft.reviewed)],
                [
                  "Refunds it would pay",
                  formatMoney(m.published.refunds.amount, m.currency),
                  formatMoney(m.draft.refunds.amount, m.currency),
                ],
                [
                  "Store credit and exchanges it would give",
                  formatMoney(m.published.storeCredit.amount, m.currency),
                  formatMoney(m.draft.storeCredit.amount, m.currency),
                ],
                [
                  "Bonus credit it would give",
                  formatMoney(m.published.bonus.amount, m.currency),
                  formatMoney(m.draft.bonus.amount, m.currency),
                ],
                ["Fees it would charge", formatMoney(m.published.fees.amount, m.currency), formatMoney(m.draft.fees.amount, m.currency)],
              ]}
              rowKey={(r) => r[0]}
              empty={null}
              columns={[
                { label: m.currency, render: (r) => r[0] },
                { label: current(result.publishedVersion), render: (r) => r[1] },
                { label: "The draft", render: (r) => r[2] },
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
                    {currentWould(result.publishedVersion, a.published)}; the draft {wouldText(a.draft)}.
                  </div>
                  <ul class="plain small">
                    {[
                      ...new Set(
                        a.draft.decisions.map((d) => `${EFFECT_WORDS[d.effect] ?? "Decided"} by ${d.name}: ${merchantSays(d, timeZone)}`),
                      ),
                    ].map((line) => (
                      <li>{line}</li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          ) : (
            <Empty title="No past return would be decided differently">
              The draft would decide every return in the range as the current policy would.
            </Empty>
          )}
        </div>
      )}
    </Section>
  );
}
