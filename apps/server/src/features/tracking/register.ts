import type { JobHandler } from '../jobs/types.js';
import { WEBHOOK_HOURS, shipmentById } from './service.js';

/**
 * Job 'tracking.register': asks the provider to call the shop's webhook when the shipment's waybill
 * changes (written in the transaction that shipped the order). Once per shipment: a retry after the
 * provider accepted does not register again; registering again would be harmless too (the provider
 * keeps one webhook per waybill and callback).
 */
export const registerTracking: JobHandler<'tracking.register'> = async (job, deps) => {
  const shipment = await shipmentById(deps.db, job.data.shipmentId);
  if (!shipment || !shipment.tracked || !shipment.carrierCode || shipment.deliveredAt) return;
  const tracking = deps.tracking;
  if (!tracking || tracking.name !== 'trackerdelivery') return;
  const callbackUrl = `${deps.publicUrl?.() ?? ''}/api/trackingWebhook`;
  await job.once('webhook', () =>
    tracking.register({
      carrierId: shipment.carrierCode!,
      trackingNumber: shipment.waybill,
      shippedAt: shipment.shippedAt,
      callbackUrl,
      expiresAt: new Date(Date.now() + WEBHOOK_HOURS * 3600_000),
    }),
  );
};
