import { MSG_VEHICLES } from '@partsmall/contract';
import { type Api, type AppContext, requireCompanyMember } from '../../shared/context.js';
import { notFound, ok } from '../../shared/http.js';
import { route } from '../../shared/route.js';
import { companyOpened, companyVehicles, hideVehicle, nameVehicle } from './repository.js';

/** 내 차량 (docs/requirements.md#my-vehicles): main and sub-accounts share the company's list. */
export function vehicleRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  route(app, 'getMyVehicles', async (req) => {
    const auth = requireCompanyMember(req);
    const rows = await companyVehicles(db, auth.companyId);
    return ok(
      rows.map(({ vin, title, name, brand, mcid, lastOpenedAt }) => ({ vin, title, name, brand, mcid, lastOpenedAt })),
    );
  });

  /**
   * Only the company's own vehicles can be named or removed: another company's VIN is a 404. One
   * it removed from its list is still its own: removing it again says it is removed (a double
   * click sends two), naming it says it was removed.
   */
  const listed = async (companyId: number, vin: string): Promise<boolean> => {
    const [vehicle] = await companyVehicles(db, companyId, vin);
    if (vehicle) return true;
    if (await companyOpened(db, companyId, vin)) return false;
    throw notFound(MSG_VEHICLES.notMine);
  };

  route(app, 'saveMyVehicle', async (req) => {
    const auth = requireCompanyMember(req);
    if (!(await listed(auth.companyId, req.body.vin))) throw notFound(MSG_VEHICLES.removedBefore);
    await nameVehicle(db, auth.companyId, req.body.vin, req.body.name);
    return ok(undefined, MSG_VEHICLES.saved);
  });

  route(app, 'removeMyVehicle', async (req) => {
    const auth = requireCompanyMember(req);
    if (await listed(auth.companyId, req.body.vin)) await hideVehicle(db, auth.companyId, req.body.vin);
    return ok(undefined, MSG_VEHICLES.removed);
  });
}
