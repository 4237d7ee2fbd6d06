import { and, asc, eq, isNull } from 'drizzle-orm';
import { MSG, MSG_TRACKING, normalizeWaybill, type OrderTracking } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import { orderShipping } from '../orders/repository.js';
import { lockFor } from '../../db/locks.js';
import { AppError, notFound, tooMany } from '../../shared/http.js';
import { loggableError } from '../../shared/loggable-error.js';
import { takeAttempt } from '../../shared/rate-limit.js';
import { enqueue } from '../../shared/job-queue.js';
import type { TrackingProvider } from './provider.js';
import { carrierOf, shipmentLink, type ShipmentFacts } from './rules.js';
import { shipments, type ShipmentRow } from './schema.js';

/**
 * Shipments and their tracking (docs/requirements.md#shipping-and-tracking). A shipment is written
 * in the transaction that moves its order to 배송완료 (status 2), with its webhook registration as a
 * job; its events are read from the provider on a webhook hint, and on a buyer's read when the
 * stored ones are older than REFRESH_AFTER_MS (so a missed hint only delays them).
 */
export const REFRESH_AFTER_MS = 10 * 60_000;
/** tracker.delivery advises a webhook of 48 hours; a read after that renews nothing, it reads again. */
export const WEBHOOK_HOURS = 48;
/** Provider reads one waybill's hints may cause in HINT_WINDOW_SEC: a flood of forged hints costs little. */
export const HINT_READS = 30;
export const HINT_WINDOW_SEC = 600;

/**
 * The orders whose shipment is this parcel (the same carrier, a listed one by its code, a typed one
 * by its name, and the same waybill), after taking the parcel's lock: shipments of one waybill are
 * written one at a time, so two orders shipped at once with it cannot both miss each other. The
 * caller refuses another company's parcel (docs/requirements.md#shipping-and-tracking).
 */
export async function ordersOfParcel(tx: Tx, s: ShipmentFacts): Promise<number[]> {
  if (!s.waybill) return [];
  await lockFor(tx, 'waybill', s.code ?? s.carrierName, s.waybill);
  const rows = await tx
    .select({ orderId: shipments.orderId })
    .from(shipments)
    .where(
      and(
        s.code
          ? eq(shipments.carrierCode, s.code)
          : and(isNull(shipments.carrierCode), eq(shipments.carrierName, s.carrierName)),
        eq(shipments.waybill, s.waybill),
      ),
    )
    .orderBy(asc(shipments.orderId));
  return rows.map((r) => r.orderId);
}

/** Writes the order's shipment, and the job registering its webhook when it is tracked. */
export async function recordShipment(tx: Tx, orderId: number, s: ShipmentFacts, shippedAt: Date): Promise<void> {
  const [row] = await tx
    .insert(shipments)
    .values({
      orderId,
      carrierCode: s.code,
      carrierName: s.carrierName,
      waybill: s.waybill,
      tracked: s.tracked,
      shippedAt,
    })
    .onConflictDoNothing()
    .returning({ id: shipments.id });
  if (row && s.tracked) await enqueue(tx, 'tracking.register', { shipmentId: row.id }, { key: `shipment:${row.id}` });
}

/** Who reads: staff any order, a company member (main or sub) their company's only. */
export interface TrackingReader {
  staff: boolean;
  companyId: number | null;
}

function view(s: ShipmentRow): OrderTracking {
  return {
    carrier: s.carrierCode,
    carrierName: s.carrierName,
    waybill: s.waybill,
    link: shipmentLink(s.carrierCode, s.waybill),
    tracked: s.tracked,
    shippedAt: s.shippedAt.toISOString(),
    deliveredAt: s.deliveredAt?.toISOString() ?? null,
    events: s.events,
  };
}

/**
 * The provider could not answer (no connection, a timeout, an error answer): what the webhook calls
 * 503 and a buyer's read shows the stored events for. Its message is the provider's failure's, so a
 * job that fails on it says what the provider said. Anything else thrown while a read is stored (the
 * database) is a fault of the shop's: logged, never reported as the provider's.
 */
export class TrackingUnavailable extends Error {
  override readonly name = 'TrackingUnavailable';
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

/** Where a failed store of a read is told (the request's logger). */
export interface TrackingLog {
  error(obj: { err: unknown; shipmentId: number }, msg: string): void;
}

/**
 * Reads the parcel from the provider and stores what it says. Delivery is set once: a later answer
 * never takes it back (the carrier's lastEvent already prevails over a stray event after it). The
 * provider's failure is thrown as TrackingUnavailable; the database's as it is.
 */
export async function refreshShipment(
  db: Db,
  provider: TrackingProvider,
  s: ShipmentRow,
  now: Date,
): Promise<ShipmentRow> {
  if (!s.tracked || !s.carrierCode || s.deliveredAt) return s;
  let result: Awaited<ReturnType<TrackingProvider['track']>>;
  try {
    result = await provider.track({ carrierId: s.carrierCode, trackingNumber: s.waybill, shippedAt: s.shippedAt }, now);
  } catch (err) {
    throw new TrackingUnavailable(err);
  }
  const update: Partial<typeof shipments.$inferInsert> = { checkedAt: now };
  if (result) {
    update.events = result.events;
    update.lastStatus = result.lastStatus ?? '';
    if (result.deliveredAt) update.deliveredAt = result.deliveredAt;
  }
  const [row] = await db
    .update(shipments)
    .set(update)
    .where(and(eq(shipments.id, s.id), isNull(shipments.deliveredAt)))
    .returning();
  if (row) return row;
  const [current] = await db.select().from(shipments).where(eq(shipments.id, s.id));
  return current ?? s;
}

/** The database refused what was read: logged without the row's values (docs/security.md#secrets-and-logs). */
function logStoreFailure(log: TrackingLog | undefined, err: unknown, shipmentId: number): void {
  log?.error({ err: loggableError(err), shipmentId }, 'tracking: storing a read failed');
}

/**
 * api/getOrderTracking. Another company's order reads as not found; an order shipped before
 * shipments were kept shows its carrier and waybill as typed, without events.
 */
export async function orderTracking(
  db: Db,
  provider: TrackingProvider,
  reader: TrackingReader,
  seq: number,
  now: Date = new Date(),
  log?: TrackingLog,
): Promise<OrderTracking> {
  const order = await orderShipping(db, seq, reader.staff ? null : (reader.companyId ?? -1));
  if (!order) throw notFound(MSG_TRACKING.orderNotFound);
  const [shipment] = await db.select().from(shipments).where(eq(shipments.orderId, order.id));
  if (!shipment) {
    if (!order.carrier) throw notFound(MSG_TRACKING.notShipped);
    const listed = carrierOf(order.carrier);
    const waybill = listed?.waybill ? normalizeWaybill(order.waybill) : order.waybill;
    return {
      carrier: listed?.code ?? null,
      carrierName: listed?.name ?? order.carrier,
      waybill,
      link: shipmentLink(listed?.code ?? null, waybill),
      tracked: false,
      shippedAt: order.shippedAt?.toISOString() ?? null,
      deliveredAt: null,
      events: [],
    };
  }
  // The demo computes its events, so every read is fresh; a real provider is asked again only when
  // the stored events are old, and a failure then shows the stored ones (the database's is logged).
  const stale =
    provider.name === 'demo' || !shipment.checkedAt || now.getTime() - shipment.checkedAt.getTime() >= REFRESH_AFTER_MS;
  if (!stale) return view(shipment);
  try {
    return view(await refreshShipment(db, provider, shipment, now));
  } catch (err) {
    if (!(err instanceof TrackingUnavailable)) logStoreFailure(log, err, shipment.id);
    return view(shipment);
  }
}

/**
 * A webhook hint `{ carrierId, trackingNumber }`: the shipments of that waybill not delivered yet are
 * read again from the provider. The hint itself is believed in nothing: a forged or replayed one
 * makes the shop read what the carrier says, which changes nothing wrong. Hints are counted per
 * waybill whether or not it is the shop's, so that the limit does not tell either. Answers how many
 * shipments it named (for the caller's use; the webhook's answer does not say).
 */
export async function takeHint(
  db: Db,
  provider: TrackingProvider,
  hint: { carrierId: string; trackingNumber: string },
  now: Date = new Date(),
  log?: TrackingLog,
): Promise<number> {
  const carrier = carrierOf(hint.carrierId);
  if (!carrier || carrier.code !== hint.carrierId || !carrier.tracked) return 0;
  const waybill = normalizeWaybill(hint.trackingNumber);
  if (!(await takeAttempt(db, `trackingHint:${carrier.code}:${waybill}`, HINT_READS, HINT_WINDOW_SEC))) throw tooMany();
  const rows = await db
    .select()
    .from(shipments)
    .where(
      and(
        eq(shipments.carrierCode, carrier.code),
        eq(shipments.waybill, waybill),
        eq(shipments.tracked, true),
        isNull(shipments.deliveredAt),
      ),
    )
    .limit(10);
  for (const s of rows) {
    try {
      await refreshShipment(db, provider, s, now);
    } catch (err) {
      // The provider did not answer: the sender may try again; the next read asks again anyway.
      if (err instanceof TrackingUnavailable) throw new AppError(503, MSG_TRACKING.providerDown, 503);
      // The shop could not store what the provider said: its own fault, logged, and never "provider down".
      logStoreFailure(log, err, s.id);
      throw new AppError(500, MSG.serverError, 500);
    }
  }
  return rows.length;
}

export async function shipmentById(db: Db, id: number): Promise<ShipmentRow | undefined> {
  const [row] = await db.select().from(shipments).where(eq(shipments.id, id));
  return row;
}
