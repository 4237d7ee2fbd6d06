import { describe, expect, it } from 'vitest';
import { DomainEvents, NO_SUBSCRIBERS, type DomainEvent } from '../../src/shared/events.js';

const cart = (memberId: number): DomainEvent => ({ type: 'cartChanged', companyId: 7, memberId, change: 'added' });

function bus() {
  const errors: unknown[] = [];
  return { events: new DomainEvents({ error: (obj: unknown) => void errors.push(obj) }), errors };
}

describe('domain events: the sink a service is handed', () => {
  it("the app's bus delivers at once to the subscribers of the event's kind, and to no other", async () => {
    const { events } = bus();
    const heard: string[] = [];
    events.on('cartChanged', (e) => void heard.push(`cart ${e.memberId}`));
    events.on('walletChanged', () => void heard.push('wallet'));
    await events.publish(cart(11));
    expect(heard).toEqual(['cart 11']);
  });

  it('publish resolves only after an async subscriber is done', async () => {
    const { events } = bus();
    const heard: number[] = [];
    events.on('cartChanged', async (e) => {
      await new Promise((r) => setTimeout(r, 5));
      heard.push(e.memberId);
    });
    await events.publish(cart(12));
    expect(heard).toEqual([12]);
  });

  it('a failing subscriber is logged, never thrown, and the others still hear the event', async () => {
    const { events, errors } = bus();
    const heard: number[] = [];
    events.on('cartChanged', () => {
      throw new Error('push failed');
    });
    events.on('cartChanged', (e) => void heard.push(e.memberId));
    await expect(events.publish(cart(13))).resolves.toBeUndefined();
    expect(heard).toEqual([13]);
    expect(errors).toEqual([expect.objectContaining({ event: 'cartChanged' })]);
  });

  it('collect holds what the work publishes and delivers nothing until its caller does', async () => {
    const { events } = bus();
    const heard: number[] = [];
    events.on('cartChanged', (e) => void heard.push(e.memberId));
    const { outcome, events: held } = await events.collect(async (sink) => {
      await sink.publish(cart(14));
      await sink.publish(cart(15));
      return 'answered';
    });
    expect(outcome).toEqual({ status: 'fulfilled', value: 'answered' });
    expect(held.map((e) => (e.type === 'cartChanged' ? e.memberId : 0))).toEqual([14, 15]);
    expect(heard).toEqual([]);
  });

  it('collect settles a work that throws before its first await as a rejection, with what it held', async () => {
    const { events } = bus();
    const { outcome, events: held } = await events.collect((sink) => {
      void sink.publish(cart(16));
      throw new Error('refused');
    });
    expect(outcome.status).toBe('rejected');
    expect((outcome as PromiseRejectedResult).reason).toEqual(new Error('refused'));
    expect(held).toHaveLength(1);
  });

  it('NO_SUBSCRIBERS takes an event and does nothing', async () => {
    await expect(NO_SUBSCRIBERS.publish(cart(17))).resolves.toBeUndefined();
  });
});
