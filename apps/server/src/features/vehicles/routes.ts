import { MSG_VEHICLES } from '@partsmall/contract';
import { type Api, type AppContext, requireCompanyMember } from '../../shared/context.js';
import { notFound, ok } from '../../shared/http.js';
import { route } from '../../shared/route.js';
import { companyVehicles, hideVehicle, nameVehicle } from './repository.js';

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

  /** Only a vehicle of the company's list can be named or removed: another company's VIN is a 404. */
  const own = async (companyId: number, vin: string) => {
    const [vehicle] = await companyVehicles(db, companyId, vin);
    if (!vehicle) throw notFound(MSG_VEHICLES.notMine);
  };

  route(app, 'saveMyVehicle', async (req) => {
    const auth = requireCompanyMember(req);
    await own(auth.companyId, req.body.vin);
    await nameVehicle(db, auth.companyId, req.body.vin, req.body.name);
    return ok(undefined, MSG_VEHICLES.saved);
  });

  route(app, 'removeMyVehicle', async (req) => {
    const auth = requireCompanyMember(req);
    await own(auth.companyId, req.body.vin);
    await hideVehicle(db, auth.companyId, req.body.vin);
    return ok(undefined, MSG_VEHICLES.removed);
  });
}
