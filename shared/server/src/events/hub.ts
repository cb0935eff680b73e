import type { LiveEvent } from '@phoenix/contract';

/** One instance's fan-out: the listener publishes each notification once, every open stream hears it. */
export class LiveHub {
  private readonly subscribers = new Set<(event: LiveEvent) => void>();

  get size(): number {
    return this.subscribers.size;
  }

  subscribe(subscriber: (event: LiveEvent) => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  publish(event: LiveEvent): void {
    for (const subscriber of this.subscribers) subscriber(event);
  }

  /** A notification's payload as sent by the triggers; anything else is dropped (never forwarded as is). */
  publishPayload(payload: string): void {
    const event = parseLiveEvent(payload);
    if (event) this.publish(event);
  }
}

const TOPIC = /^[A-Za-z][A-Za-z0-9]{0,63}$/;

/** `{"topic": "battle", "id": "12"}` → that event; only a short topic and id pass. */
export function parseLiveEvent(payload: string): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { topic, id } = value as { topic?: unknown; id?: unknown };
  if (typeof topic !== 'string' || !TOPIC.test(topic)) return null;
  const cleanId = typeof id === 'string' && id.length <= 64 ? id : typeof id === 'number' ? String(id) : null;
  return { topic, id: cleanId };
}
