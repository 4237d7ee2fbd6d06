import { createHash, timingSafeEqual } from 'node:crypto';
import { MSG_TRACKING } from '@partsmall/contract';
import { type Api, type AppContext, requireCompanyMember, requireMember } from '../../shared/context.js';
import { forbidden, ok, unauthorized } from '../../shared/http.js';
import { route } from '../../shared/route.js';
import type { TrackingProvider } from './provider.js';
import { shipmentCounts } from './counts.js';
import { orderTracking, takeHint } from './service.js';

/** Carrier tracking (docs/requirements.md#shipping-and-tracking). */
export function trackingRoutes(app: Api, ctx: AppContext, provider: TrackingProvider) {
  const { db } = ctx;

  route(app, 'getOrderTracking', async (req) => {
    const auth = requireMember(req);
    const staff = auth.member.role === 'staff' || auth.member.role === 'admin';
    if (!staff && auth.member.companyId === null) throw forbidden();
    const reader = { staff, companyId: auth.member.companyId };
    return ok(await orderTracking(db, provider, reader, req.body.seq, new Date(), req.log));
  });

  // The profile's 배송 현황: the company's own orders, main and sub-accounts alike (docs/requirements.md#member-area).
  route(app, 'getMallShipmentCounts', async (req) => ok(await shipmentCounts(db, requireCompanyMember(req).companyId)));

  // The key of the registered callback address, compared in constant time (docs/security.md#webhooks):
  // without it nothing is read, not even the body (the check runs before it is parsed or validated),
  // and with it the answer does not say whether the waybill is the shop's.
  const expected = digest(ctx.config.trackingWebhookKey);
  route(
    app,
    'trackingWebhook',
    async (req) => {
      await takeHint(db, provider, req.body, new Date(), req.log);
      return ok({ received: true as const }, MSG_TRACKING.hintReceived);
    },
    {
      onRequest: async (req) => {
        const given = (req.query as Record<string, unknown> | undefined)?.key;
        if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected))
          throw unauthorized(MSG_TRACKING.webhookKeyWrong);
      },
    },
  );
}

/** Equal-length digests, so that the comparison takes the same time whatever was sent. */
const digest = (key: string) => createHash('sha256').update(key).digest();
