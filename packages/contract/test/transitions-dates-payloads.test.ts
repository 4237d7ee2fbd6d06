import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../src/index.js';
import {
  MSG_MEMBER,
  MSG_ORDER,
  ORDER_STATUS,
  ORDER_TRANSITIONS,
  allowedMoves,
  calendarDateField,
  dateRangeListRequest,
  findTransition,
  isCalendarDate,
  orderListRequest,
  paymentHistoryRequest,
  paymentRequest,
  type StatusActor,
} from '../src/index.js';
import { SHIPPING_INFO } from './order-fixtures.js';

const STATUSES = Object.values(ORDER_STATUS);
const ACTORS: StatusActor[] = ['buyer', 'staff'];

/**
 * The order-status moves (docs/requirements.md#order-statuses), written out by hand: every move the shop allows, as `from→to by actor`. The table
 * in the contract must say exactly this; a move added to it (2 → 0) or taken away fails here.
 */
const DESIGN_MOVES = [
  '0→1 by staff',
  '0→3 by buyer',
  '0→3 by staff',
  '0→8 by staff',
  '1→8 by staff',
  '1→2 by staff',
  '2→4 by buyer',
  '4→6 by staff',
  '4→5 by staff',
  '6→5 by staff',
].sort();

describe('order status transitions: every pair against the table', () => {
  it('the table allows exactly the moves of the order-status table', () => {
    const inTable = ORDER_TRANSITIONS.flatMap((t) =>
      t.from.flatMap((from) => t.by.map((by) => `${from}→${t.to} by ${by}`)),
    ).sort();
    expect(inTable).toEqual(DESIGN_MOVES);
  });

  // Generated from the statuses and the table: 8 × 8 pairs × 2 actors, allowed and refused.
  for (const from of STATUSES) {
    for (const to of STATUSES) {
      for (const actor of ACTORS) {
        const allowed = DESIGN_MOVES.includes(`${from}→${to} by ${actor}`);
        it(`${from} → ${to} by ${actor}: ${allowed ? 'allowed' : 'refused'}`, () => {
          expect(findTransition(from, to, actor) !== null).toBe(allowed);
          expect(allowedMoves(from, actor).includes(to)).toBe(allowed);
        });
      }
    }
  }

  it('no status moves to itself, and nothing moves back to a purchase request', () => {
    for (const s of STATUSES) for (const actor of ACTORS) expect(findTransition(s, s, actor)).toBeNull();
    for (const s of STATUSES) for (const actor of ACTORS) expect(findTransition(s, 0, actor)).toBeNull();
  });
});

describe('one date schema', () => {
  it.each([
    '2026-13-01',
    '0000-00-00',
    '2026-12-32',
    '9999-99-99',
    '2026-02-30',
    '2026-00-10',
    '2026-04-31',
    '2025-02-29',
    '1900-02-29',
  ])('refuses %s, a day no calendar has', (value) => {
    expect(isCalendarDate(value)).toBe(false);
    const r = calendarDateField.safeParse(value);
    expect(r.error!.issues.map((i) => i.message)).toEqual([MSG_MEMBER.dateImpossible]);
  });

  it.each(['26-01-01', '2026-1-01', '2026-01-01T00:00', ' 2026-01-01x', '2026.01.01'])(
    'refuses %s, not written YYYY-MM-DD',
    (value) => {
      expect(isCalendarDate(value)).toBe(false);
      const r = calendarDateField.safeParse(value);
      expect(r.error!.issues.map((i) => i.message)).toEqual([MSG_MEMBER.dateInvalid]);
    },
  );

  it.each([
    '2026-01-01',
    '2026-02-28',
    '2024-02-29',
    '2000-02-29',
    '2026-12-31',
    '2026-04-30',
    '0001-01-01',
    '9999-12-31',
  ])('accepts %s', (value) => {
    expect(isCalendarDate(value)).toBe(true);
    expect(calendarDateField.safeParse(value).success).toBe(true);
  });

  it('the order list and both payment histories use the one range schema', () => {
    expect(orderListRequest).toBe(dateRangeListRequest);
    expect(paymentHistoryRequest).toBe(dateRangeListRequest);
  });

  it('a date search needs both days, in order; without searchType the dates may be empty', () => {
    const first = (v: unknown) => {
      const r = dateRangeListRequest.safeParse(v);
      return r.success ? null : r.error.issues[0]!.message;
    };
    expect(first({ searchType: 'date', startDate: '2026-01-01' })).toBe(MSG_MEMBER.dateRangeRequired);
    expect(first({ searchType: 'date', startDate: '', endDate: '' })).toBe(MSG_MEMBER.dateRangeRequired);
    expect(first({ searchType: 'date', startDate: '2026-02-01', endDate: '2026-01-31' })).toBe(
      MSG_MEMBER.dateRangeOrder,
    );
    expect(first({ searchType: 'date', startDate: '2026-01-31', endDate: '2026-01-31' })).toBeNull();
    expect(first({ searchType: '', startDate: '', endDate: '', page: 1, size: 15 })).toBeNull();
    // A cleared date of the original client is null: no date, as '' or a missing field.
    expect(first({ searchType: '', startDate: null, endDate: null, page: 1, size: 15 })).toBeNull();
    expect(dateRangeListRequest.parse({ startDate: null, endDate: null, page: 1 })).toMatchObject({
      startDate: undefined,
      endDate: undefined,
    });
    expect(first({ searchType: 'date', startDate: null, endDate: '2026-01-31' })).toBe(MSG_MEMBER.dateRangeRequired);
    expect(first({ searchType: '', startDate: 20260101 })).toBe(MSG_MEMBER.dateInvalid);
    expect(first({ searchType: 'date', startDate: '2026-02-30', endDate: '2026-03-01' })).toBe(
      MSG_MEMBER.dateImpossible,
    );
  });
});

describe("the original API's payment payload", () => {
  const shippingInfo = SHIPPING_INFO;

  it('accepts { shippingInfo, carts } without a clientRequestId', () => {
    const r = paymentRequest.safeParse({ shippingInfo, carts: [{ seq: 3, qty: 1 }] });
    expect(r.success).toBe(true);
    expect(r.data!.clientRequestId).toBeUndefined();
  });

  it('still checks a clientRequestId that is given', () => {
    expect(
      paymentRequest.safeParse({ clientRequestId: 'a1b2c3d4-5', shippingInfo, carts: [{ seq: 3, qty: 1 }] }).success,
    ).toBe(true);
    for (const bad of ['short', 'x'.repeat(65), 42]) {
      const r = paymentRequest.safeParse({ clientRequestId: bad, shippingInfo, carts: [{ seq: 3, qty: 1 }] });
      expect(r.error?.issues[0]?.message).toBe(MSG_ORDER.clientRequestId);
    }
  });
});

describe('answer schemas', () => {
  const answerSchemas = Object.entries(contract).filter(
    ([name, value]) => /Answer$|[A-Z][a-z]*Event$|^errorEnvelope$/.test(name) && value instanceof z.ZodType,
  );

  it('exist for the calls and the trade events', () => {
    expect(answerSchemas.length).toBeGreaterThanOrEqual(35);
  });

  it.each(answerSchemas)('%s has the envelope and becomes a JSON schema', (_name, schema) => {
    const json = z.toJSONSchema(schema as z.ZodType, { target: 'draft-7', io: 'output' }) as {
      properties?: Record<string, unknown>;
      anyOf?: unknown[];
    };
    const shapes = json.anyOf ?? [json];
    for (const shape of shapes as { properties: Record<string, unknown> }[])
      expect(Object.keys(shape.properties)).toContain('code');
  });

  it('the configuration answer tells whether the shop is the demo shop', () => {
    expect(contract.mallConfig.shape.demo.safeParse(true).success).toBe(true);
    expect(contract.mallConfig.shape.demo.safeParse(undefined).success).toBe(false);
  });
});
