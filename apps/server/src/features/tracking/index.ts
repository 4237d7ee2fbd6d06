/**
 * Carrier tracking (docs/requirements.md#shipping-and-tracking): the shipment written when an order
 * ships, the providers its events come from (demo, tracker.delivery), the webhook hint and the
 * buyer's read.
 */
export { checkShipment, carrierOf, shipmentLink, type ShipmentCheck, type ShipmentFacts } from './rules.js';
export {
  ordersOfParcel,
  recordShipment,
  orderTracking,
  refreshShipment,
  takeHint,
  REFRESH_AFTER_MS,
} from './service.js';
export { trackingFromConfig, type TrackingProvider, type TrackQuery, type TrackResult } from './provider.js';
export { demoTracking, demoEvents, DEMO_STEP_MS } from './demo.js';
export { trackerDelivery, type TrackerDeliverySettings } from './trackerdelivery.js';
export { trackingRoutes } from './routes.js';
export { registerTracking } from './register.js';
