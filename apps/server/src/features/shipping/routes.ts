import { MSG_MEMBER, MSG_ORDER, type CallAnswer } from '@partsmall/contract';
import { type Api, type AppContext, requireCompanyMember } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { created, ok } from '../../shared/http.js';
import { deleteAddress, listAddresses, saveAddress, setBasicAddress } from './service.js';
import { deliveryAnswer, readDeliveryOptions } from './delivery-options.js';

export function shippingRoutes(app: Api, ctx: AppContext) {
  route(app, 'getMyShippingInfo', async (req) => {
    const { companyId } = requireCompanyMember(req);
    const { results, total } = await listAddresses(ctx.db, companyId, req.body);
    // `basic` is stored as the original API's 'true'/'false' text (the service writes nothing else).
    return ok(results as CallAnswer<'getMyShippingInfo'>['results'], undefined, total);
  });

  route(app, 'setMallShppingInfo', async (req) => {
    const { companyId } = requireCompanyMember(req);
    const seq = await saveAddress(ctx.db, ctx.events, companyId, req.body);
    return created({ seq }, MSG_ORDER.addressSaved);
  });

  route(app, 'setMallShippingBasic', async (req) => {
    const { companyId } = requireCompanyMember(req);
    await setBasicAddress(ctx.db, ctx.events, companyId, req.body.seq);
    return created(undefined, MSG_MEMBER.addressBasicSet);
  });

  route(app, 'stateShippingInfo', async (req) => {
    const { companyId } = requireCompanyMember(req);
    await deleteAddress(ctx.db, ctx.events, companyId, req.body.seq);
    return created(undefined, MSG_MEMBER.addressDeleted);
  });

  route(app, 'getDeliInfo', async (req) => {
    requireCompanyMember(req);
    return ok(deliveryAnswer(await readDeliveryOptions(ctx.db)));
  });
}
