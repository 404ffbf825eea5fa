// The topic registry: a topic is ONE declaration, written by the domain that owns the subject (the
// `return` topic: src/returns/topic.ts) and registered at assembly (src/domains.ts). Adding `order` or
// `fulfillment` means declaring its event types, how to render a subject's payload, and which subjects
// a backfill covers; subscriptions, fan-out, delivery, replay and backfill need no other change.
import type { Services } from "../core/context.js";

export interface TopicDefinition {
  name: string;
  /** Event types a subscriber may see (`backfill` is added to every topic). */
  eventTypes: string[];
  /** The subject's part of the payload, e.g. `{ return, order }`; merged with `{type, at, merchantName}`. */
  render(services: Services, storeId: string, subjectId: string): Promise<Record<string, unknown>>;
  /** Subjects that exist now, for `backfill: true` subscriptions. */
  listSubjectsForBackfill(services: Services, storeId: string): Promise<string[]>;
}

const registry = new Map<string, TopicDefinition>();

export function registerTopic(topic: TopicDefinition): void {
  registry.set(topic.name, topic);
}

export function topicOf(name: string): TopicDefinition | undefined {
  return registry.get(name);
}

export function topicNames(): string[] {
  return [...registry.keys()];
}
