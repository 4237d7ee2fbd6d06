import type { FastifyBaseLogger } from 'fastify';
import type { ChatMessage, StatusActor } from '@partsmall/contract';

/**
 * Domain events (docs/architecture.md#domain-events): what happened, told by the service that made
 * it happen, after its transaction committed. Subscribers (the trade channel's base-info push today,
 * notifications next) react without the service or the route knowing them.
 */
export type DomainEvent =
  /** A member's cart gained a line or more of one, a line's quantity was set, or a line was removed. */
  | { type: 'cartChanged'; companyId: number; memberId: number; change: 'added' | 'quantity' | 'removed' }
  /** An order was paid from the company's cash (a repeated request id places nothing). */
  | { type: 'orderPlaced'; companyId: number; memberId: number; orderSeq: number; totalAmount: number }
  /** An order moved from one status to another; `refunded` is the cash credited back by the move (0 for none). */
  | {
      type: 'orderMoved';
      companyId: number;
      orderSeq: number;
      from: number;
      to: number;
      actor: StatusActor;
      refunded: number;
    }
  /** A company's cash balance changed other than by an order (top-up, staff adjustment). */
  | { type: 'walletChanged'; companyId: number; reason: 'topUp' | 'adjusted' }
  /** A company's licence end moved (purchase or staff adjustment). */
  | { type: 'licenceChanged'; companyId: number }
  /** A VIN was opened in the catalogue and counted against today's quota. */
  | { type: 'vinOpened'; companyId: number; memberId: number; vin: string }
  /** What the company's members see of it changed: its details, saved addresses, accounts or security number. */
  | { type: 'companyChanged'; companyId: number; part: 'details' | 'addresses' | 'accounts' | 'securityNumber' }
  /**
   * A chat message was stored, over the chat socket or an HTTP upload. `delivered`: the socket that
   * sent it delivered it already as part of sending (features/chat/namespace.ts); an upload's is
   * delivered by the subscriber in app.ts. The '상담 답변 도착' notice (features/notify) reacts to both.
   */
  | {
      type: 'messageStored';
      message: ChatMessage;
      conversationId: number;
      /** The stored time (the notice's window is counted from it). */
      storedAt: Date;
      delivered: boolean;
    };

/**
 * Where a service tells what happened: the app's bus (`DomainEvents`), a caller holding the events
 * back (`collect`), or nobody (`NO_SUBSCRIBERS`). Services take it as an argument, like their
 * database, instead of finding the app's bus through an AsyncLocalStorage: on Node 20 an enabled
 * AsyncLocalStorage adds its own work to every promise the process makes, about 60 µs of a
 * part-number search (docs/performance.md#what-keeps-the-figures).
 */
export interface EventSink {
  /**
   * Tells the subscribers. Call it after the transaction that made the change has committed (never
   * inside it: a rolled-back change must not be announced) and await it, so that a caller's answer
   * leaves after the pushes it caused.
   */
  publish(event: DomainEvent): Promise<void>;
}

/** Outside an app (a benchmark's bare server, a test of one service) nobody subscribes and nothing happens. */
export const NO_SUBSCRIBERS: EventSink = { publish: async () => {} };

export type DomainEventType = DomainEvent['type'];
export type EventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;
type Handler<T extends DomainEventType> = (event: EventOf<T>) => void | Promise<void>;
/** Handlers as stored: each is only ever called with an event of the kinds it subscribed to. */
type AnyHandler = (event: DomainEvent) => void | Promise<void>;

/**
 * One app's subscribers. Several apps in one process (the tests start two instances on one
 * database) each have their own bus, so an event reaches only the app that caused it; other
 * processes learn of it through what the subscriber does (a socket push goes through the adapter).
 */
export class DomainEvents implements EventSink {
  private readonly handlers = new Map<DomainEventType, Set<AnyHandler>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'error'>) {}

  /** Subscribes to one or more kinds of event; returns the unsubscribe. */
  on<T extends DomainEventType>(types: T | readonly T[], handler: Handler<T>): () => void {
    const list = (Array.isArray(types) ? types : [types]) as T[];
    const stored = handler as unknown as AnyHandler;
    for (const type of list) {
      let set = this.handlers.get(type);
      if (!set) this.handlers.set(type, (set = new Set()));
      set.add(stored);
    }
    return () => {
      for (const type of list) this.handlers.get(type)?.delete(stored);
    };
  }

  /**
   * Runs every subscriber of the event and resolves when they are done. A failing subscriber is
   * logged, never thrown: the change is committed, and its caller's answer must not turn into an error.
   */
  async publish(event: DomainEvent): Promise<void> {
    const set = this.handlers.get(event.type);
    if (!set || set.size === 0) return;
    await Promise.all(
      [...set].map(async (handler) => {
        try {
          await handler(event);
        } catch (err) {
          this.log.error({ err, event: event.type }, 'event subscriber failed');
        }
      }),
    );
  }

  /**
   * Runs `fn` with a sink that holds its events back, and returns them with its outcome: the trade
   * channel answers a request first and delivers its events (the base-info push) after, as it always has.
   */
  async collect<R>(
    fn: (events: EventSink) => Promise<R>,
  ): Promise<{ outcome: PromiseSettledResult<R>; events: DomainEvent[] }> {
    const held: DomainEvent[] = [];
    const sink: EventSink = { publish: async (event) => void held.push(event) };
    // An async wrapper, so that a work that throws before its first await (a payload refused by its
    // schema) settles as a rejection the caller answers, not as an exception that escapes it.
    const [outcome] = await Promise.allSettled([(async () => fn(sink))()]);
    return { outcome: outcome!, events: held };
  }
}
