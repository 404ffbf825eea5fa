// A return's page, "Why the policy decided so": the policy version that admitted the return and, per item,
// the rules that allowed, charged, reviewed or refused it (the core's evaluation as at its creation), with
// the review and override entries of its timeline, all in words.
import { type DecisionIn as Decision, merchantSays, shopperReads } from "../decision-words";
import { EFFECT_WORDS, formatMoney, OUTCOME_WORDS, type Outcome } from "../policy-logic";
import { zonedDateTime } from "../../../../../src/core/zoned-time.js";
import { Empty, Link, QueryView, Section, useQuery } from "../ui";
import { RETURN_POLICY_EVALUATION } from "./policy.ops";

type M = { amount: string; currency: string };
interface Evaluation {
  policyVersion: number | null;
  review: boolean;
  decisions: Decision[];
  lines: {
    lineItemId: string;
    asked: number;
    returnable: number;
    decisions: Decision[];
    outcomes: { outcome: Outcome; value: M; total: M; fees: { kind: string; amount: M }[]; bonus: { amount: M } | null }[];
  }[];
}
interface Data {
  return: { id: string; policyVersion: number | null; policyEvaluation: Evaluation | null } | null;
  returnPolicy: { timeZone: string };
}

const money = (m: M) => formatMoney(m.amount, m.currency);

function Decisions({ list, zone }: { list: Decision[]; zone: string }) {
  return (
    <ul class="plain small policy-why">
      {list.map((d) => (
        <li>
          <strong>
            {EFFECT_WORDS[d.effect] ?? "Decided"}: {d.name}
          </strong>{" "}
          — {merchantSays(d, zone)}
          <div class="muted">The shopper reads: “{shopperReads(d)}”</div>
        </li>
      ))}
    </ul>
  );
}

export function ReturnPolicySection({
  returnId,
  storeId,
  lineTitle,
  timeline,
}: {
  returnId: string;
  storeId: string;
  /** The order line's title by the merchant's line-item id. */
  lineTitle: (lineItemId: string) => string;
  timeline: { action: string; detail: string | null; at: string }[];
}) {
  const q = useQuery<Data>(RETURN_POLICY_EVALUATION, { id: returnId, storeId });
  return (
    <Section title="Why the return policy allowed it">
      <QueryView state={q} label="Loading the policy's decisions…">
        {(d) => {
          const e = d.return?.policyEvaluation ?? null;
          const zone = d.returnPolicy.timeZone;
          const entries = timeline.filter((t) => t.action === "policy_review" || t.action === "policy_overridden");
          if (!d.return?.policyVersion || !e)
            return (
              <p class="muted">
                No return policy was published when this return was created: every item could be returned for a refund.{" "}
                <Link href="/return-policy">Return policy</Link>
              </p>
            );
          return (
            <>
              <p>
                Admitted under <strong>version {d.return.policyVersion}</strong> of the <Link href="/return-policy">return policy</Link>
                {e.review ? "; a review rule matched, so it waits for your review." : "."}
              </p>
              {entries.map((t) => (
                <p class="warning">
                  {t.action === "policy_overridden"
                    ? "Created outside the policy by the merchant's own system: "
                    : "Sent to review by the policy: "}
                  {ruleNames(t.detail)} ({zonedDateTime(t.at, zone)})
                </p>
              ))}
              {e.decisions.length > 0 && <Decisions list={e.decisions} zone={zone} />}
              {e.lines.length ? (
                <ul class="plain">
                  {e.lines.map((l) => (
                    <li>
                      <h3>{lineTitle(l.lineItemId)}</h3>
                      <p class="small">
                        {l.returnable >= l.asked ? `${l.asked} asked, returnable.` : `${l.asked} asked, ${l.returnable} returnable.`}{" "}
                        {l.outcomes.length
                          ? `Offered: ${l.outcomes
                              .map(
                                (o) =>
                                  `${OUTCOME_WORDS[o.outcome] ?? "Another outcome"} ${money(o.total)}${o.bonus ? ` (bonus ${money(o.bonus.amount)})` : ""}${o.fees.length ? ` (fees ${o.fees.map((f) => money(f.amount)).join(", ")})` : ""}`,
                              )
                              .join("; ")}.`
                          : "No outcome offered."}
                      </p>
                      <Decisions list={l.decisions} zone={zone} />
                    </li>
                  ))}
                </ul>
              ) : (
                <Empty title="No item of the order's lines to explain" />
              )}
            </>
          );
        }}
      </QueryView>
    </Section>
  );
}

/** The rules named in a policy timeline entry's detail ("Final sale, Big returns"). */
function ruleNames(detail: string | null): string {
  try {
    const d = JSON.parse(detail ?? "{}") as { rules?: { name?: string }[] };
    return [...new Set((d.rules ?? []).map((r) => r.name).filter(Boolean))].join(", ") || "a rule";
  } catch {
    return "a rule";
  }
}
