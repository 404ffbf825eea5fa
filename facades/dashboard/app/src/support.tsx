// Ids a support conversation needs (a return's, a webhook's), one click away and out of a merchant's
// way: merchant screens otherwise speak in numbers, names and words.
import type { ComponentChildren } from "preact";

export function ForSupport({ ids }: { ids: [string, ComponentChildren][] }) {
  return (
    <details class="support-details">
      <summary>For support</summary>
      <dl class="details">
        {ids.map(([label, id]) => (
          <div>
            <dt>{label}</dt>
            <dd>
              <code>{id}</code>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
