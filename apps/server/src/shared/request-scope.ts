import { AsyncLocalStorage } from 'node:async_hooks';
import type { DomainEvent, DomainEvents } from './events.js';

/**
 * What the code running now belongs to: the request's id (for log lines written through the app's
 * logger) and the app's domain-event bus (with the events held back, when a caller collects them).
 * One store for both, entered once per request: on Node 20 every enabled AsyncLocalStorage adds its
 * own work to every promise the process makes (docs/performance.md#what-keeps-the-figures).
 */
export interface RequestScope {
  reqId: string | undefined;
  bus: DomainEvents | null;
  held: DomainEvent[] | null;
}

export const requestScope = new AsyncLocalStorage<RequestScope>();
