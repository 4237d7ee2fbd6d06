import { enqueue } from '../../shared/job-queue.js';
import type { JobHandler } from '../../shared/job-types.js';
import type { TrackingProvider } from './types.js';
import { WEBHOOK_HOURS, refreshShipment, shipmentById } from './service.js';

/** A registration is renewed this long before it expires, so a slow queue or a retry still lands before. */
export const RENEW_BEFORE_HOURS = 6;
/** A parcel not delivered this long after it shipped is no longer registered (a buyer's read still asks). */
export const TRACK_DAYS = 30;

/**
 * Job 'tracking.register': asks the provider to call the shop's webhook when the shipment's waybill
 * changes (written in the transaction that shipped the order), for WEBHOOK_HOURS; then writes its
 * renewal (`round` + 1) to run RENEW_BEFORE_HOURS before that expires, until the parcel is delivered
 * or TRACK_DAYS after shipping (the last registration ends at that cap). A renewal reads the track
 * first, so a delivery whose hint was lost stops it too. Each round registers once: a retry after the
 * provider accepted does not register again, and writes the same renewal (its key is the round's).
 */
/** The providers registering needs: the carrier tracking, and the address and key its webhook calls back with. */
export interface TrackingJobDeps {
  tracking?: TrackingProvider;
  publicUrl?: () => string;
  trackingWebhookKey?: string;
}

export const registerTracking: JobHandler<'tracking.register', TrackingJobDeps> = async (job, deps) => {
  const shipment = await shipmentById(deps.db, job.data.shipmentId);
  if (!shipment || !shipment.tracked || !shipment.carrierCode || shipment.deliveredAt) return;
  const tracking = deps.tracking;
  if (!tracking || tracking.name !== 'trackerdelivery') return;
  const now = Date.now();
  const capAt = shipment.shippedAt.getTime() + TRACK_DAYS * 86_400_000;
  if (now >= capAt) return;
  const round = job.data.round ?? 0;
  if (round > 0 && (await refreshShipment(deps.db, tracking, shipment, new Date(now))).deliveredAt) return;
  const expiresAt = new Date(Math.min(now + WEBHOOK_HOURS * 3600_000, capAt));
  // The key proves a call to the webhook comes from the provider we registered with (docs/security.md#webhooks).
  const callbackUrl = `${deps.publicUrl?.() ?? ''}/api/trackingWebhook?key=${encodeURIComponent(deps.trackingWebhookKey ?? '')}`;
  await job.once('webhook', () =>
    tracking.register({
      carrierId: shipment.carrierCode!,
      trackingNumber: shipment.waybill,
      shippedAt: shipment.shippedAt,
      callbackUrl,
      expiresAt,
    }),
  );
  if (expiresAt.getTime() >= capAt) return;
  await enqueue(
    deps.db,
    'tracking.register',
    { shipmentId: shipment.id, round: round + 1 },
    {
      key: `shipment:${shipment.id}:round:${round + 1}`,
      startAfter: new Date(expiresAt.getTime() - RENEW_BEFORE_HOURS * 3600_000),
    },
  );
};
