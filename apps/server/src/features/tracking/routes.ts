import { MSG_TRACKING } from '@partsmall/contract';
import { type Api, type AppContext, requireMember } from '../../shared/context.js';
import { forbidden, ok } from '../../shared/http.js';
import { route } from '../../shared/route.js';
import type { TrackingProvider } from './provider.js';
import { orderTracking, takeHint } from './service.js';

/** Carrier tracking (docs/requirements.md#shipping-and-tracking). */
export function trackingRoutes(app: Api, ctx: AppContext, provider: TrackingProvider) {
  const { db } = ctx;

  route(app, 'getOrderTracking', async (req) => {
    const auth = requireMember(req);
    const staff = auth.member.role === 'staff' || auth.member.role === 'admin';
    if (!staff && auth.member.companyId === null) throw forbidden();
    return ok(await orderTracking(db, provider, { staff, companyId: auth.member.companyId }, req.body.seq));
  });

  route(app, 'trackingWebhook', async (req) => {
    const shipments = await takeHint(db, provider, req.body);
    return ok({ shipments }, shipments > 0 ? MSG_TRACKING.hintTaken : MSG_TRACKING.hintIgnored);
  });
}
