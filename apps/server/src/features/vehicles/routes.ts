import { MSG_VEHICLES, myVehiclesAnswer, myVehicleWriteAnswer, removeMyVehicleRequest, saveMyVehicleRequest } from '@partsmall/contract';
import { answers } from '../../shared/answers.js';
import { type Api, type AppContext, requireCompanyMember } from '../../shared/context.js';
import { notFound, ok } from '../../shared/http.js';
import { companyVehicles, hideVehicle, nameVehicle } from './repository.js';

const tags = ['members'];

/** 내 차량 (docs/requirements.md#my-vehicles): main and sub-accounts share the company's list. */
export function vehicleRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  app.post(
    '/api/getMyVehicles',
    { config: { access: 'company' }, schema: { tags, summary: '내 차량 목록', response: answers(myVehiclesAnswer) } },
    async (req) => {
      const auth = requireCompanyMember(req);
      const rows = await companyVehicles(db, auth.companyId);
      return ok(rows.map(({ vin, title, name, brand, mcid, lastOpenedAt }) => ({ vin, title, name, brand, mcid, lastOpenedAt })));
    },
  );

  /** Only a vehicle of the company's list can be named or removed: another company's VIN is a 404. */
  const own = async (companyId: number, vin: string) => {
    const [vehicle] = await companyVehicles(db, companyId, vin);
    if (!vehicle) throw notFound(MSG_VEHICLES.notMine);
  };

  app.post(
    '/api/saveMyVehicle',
    { config: { access: 'company' }, schema: { tags, summary: '내 차량 이름 붙이기', body: saveMyVehicleRequest, response: answers(myVehicleWriteAnswer) } },
    async (req) => {
      const auth = requireCompanyMember(req);
      await own(auth.companyId, req.body.vin);
      await nameVehicle(db, auth.companyId, req.body.vin, req.body.name);
      return ok(undefined, MSG_VEHICLES.saved);
    },
  );

  app.post(
    '/api/removeMyVehicle',
    { config: { access: 'company' }, schema: { tags, summary: '내 차량 목록에서 삭제', body: removeMyVehicleRequest, response: answers(myVehicleWriteAnswer) } },
    async (req) => {
      const auth = requireCompanyMember(req);
      await own(auth.companyId, req.body.vin);
      await hideVehicle(db, auth.companyId, req.body.vin);
      return ok(undefined, MSG_VEHICLES.removed);
    },
  );
}
