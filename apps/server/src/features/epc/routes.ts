import type { FastifyRequest } from 'fastify';
import {
  EPC_BRAND_LABELS,
  EPC_HOTKEY_LIMIT,
  EPC_MSG,
  EPC_SEARCH_BRANDS,
  EPC_TEST_VINS,
  MAX_VIN_SEARCHES_PER_DAY,
  checkVin,
  epcPartSearchKeyword,
  isTestVin,
} from '@partsmall/contract';
import { type Api, type AppContext, requireCompanyMember } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { badRequest, forbidden, notFound, ok, tooMany } from '../../shared/http.js';
import { takeAttempt } from '../../shared/rate-limit.js';
import type { AuthContext } from '../auth/index.js';
import { isVinOpenToday, licenseDaysOf, openVin, searchHistory, vinSearchCount } from './quota.js';
import { notOpened } from './refusals.js';
import {
  diagramParts,
  epcLang,
  findVehicle,
  hitPlace,
  mainGroups,
  partsWithProducts,
  replacementsFor,
  searchPartNumbers,
  structure,
  vehicleConfig,
  vehicleTitle,
  vehicleOf,
} from './service.js';

/**
 * The catalogue calls and the part-number search across catalogues (docs/requirements.md#catalogue-calls). Every call
 * is a company member's (main or sub-account; accounts of one company share licence, quota and
 * history). The licence and the VIN quota are enforced here, on the server:
 * - getCarsVinEx needs licence days left, except for the three test VINs; it opens the VIN for the
 *   company's Seoul day through the quota (30 distinct VINs, reopening free);
 * - the deeper calls answer only for a VIN the company opened that Seoul day while its licence
 *   still runs, or a test VIN, so calling them directly cannot bypass the quota or the licence;
 * - the part-number search within a catalogue answers only for the catalogue of that VIN, and is
 *   rate-limited per member and per address; replacement numbers need a licence (without one,
 *   only within a test VIN's catalogue).
 */

/** A company member's well-formed VIN, for the deeper calls whose statement checks the VIN is open. */
function requireVin(req: FastifyRequest, vin: string): AuthContext & { companyId: number } {
  const auth = requireCompanyMember(req);
  const checked = checkVin('all', vin);
  if (!checked.ok) throw badRequest(checked.message, 'vin');
  return auth;
}

/** The deeper calls: only a VIN the company opened today (Asia/Seoul) with its licence running, or a test VIN. */
async function requireOpenVin(
  ctx: AppContext,
  req: FastifyRequest,
  vin: string,
): Promise<AuthContext & { companyId: number }> {
  const auth = requireCompanyMember(req);
  const checked = checkVin('all', vin);
  if (!checked.ok) throw badRequest(checked.message, 'vin');
  if (!(await isVinOpenToday(ctx.db, auth.companyId, checked.vin))) throw await notOpened(ctx.db, auth.companyId);
  return auth;
}

/** The catalogue's calls (docs/requirements.md#catalogue-calls): its vehicles' screens, then the part-number lookups. */
export function epcRoutes(app: Api, ctx: AppContext) {
  vehicleRoutes(app, ctx);
  partNumberRoutes(app, ctx);
}

/** A vehicle's screens: the start, the history, the VIN's opening, its groups, configuration, structure and parts. */
function vehicleRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  route(app, 'initEpc', async (req) => {
    const auth = requireCompanyMember(req);
    const [days, used] = await Promise.all([licenseDaysOf(db, auth.companyId), vinSearchCount(db, auth.companyId)]);
    const brands = EPC_SEARCH_BRANDS.map((code) => ({ code, label: EPC_BRAND_LABELS[code] }));
    return {
      ...ok({
        brands,
        testVins: EPC_TEST_VINS.map((t) => ({ ...t })),
        licenseDays: days,
        userSearchVinCount: used,
        maxVinSearches: MAX_VIN_SEARCHES_PER_DAY,
      }),
      total: brands.length,
    };
  });

  route(app, 'getUserSearchHistory', async (req) => {
    const auth = requireCompanyMember(req);
    const data = await searchHistory(db, { companyId: auth.companyId, brand: req.body.brand_code });
    return ok({ data });
  });

  route(app, 'getCarsVinEx', async (req) => {
    const auth = requireCompanyMember(req);
    const { brand, vin, lang } = req.body;
    const checked = checkVin(brand, vin);
    if (!checked.ok) throw badRequest(checked.message, checked.message === EPC_MSG.unknownBrand ? 'brand' : 'vin');
    // The licence is checked (in the lookup's statement) before anything about the vehicle is
    // answered, so that without one nobody learns which VINs exist.
    const { vehicle, info } = await findVehicle(db, {
      brand,
      vin: checked.vin,
      lang: epcLang(lang),
      licensee: auth.companyId,
    });
    const opened = await openVin(db, ctx.events, {
      companyId: auth.companyId,
      memberId: auth.member.id,
      vin: vehicle.vin,
      brand: vehicle.brand,
      mcid: vehicle.mcid,
      title: vehicleTitle(vehicle),
    });
    return ok({ ...info, userSearchVinCount: opened.used, charged: opened.charged, testVin: isTestVin(vehicle.vin) });
  });

  route(app, 'getCarsGroupEx', async (req) => {
    // One statement: the VIN open today for the company (else 403), the groups (else 404).
    const { companyId } = requireVin(req, req.body.vin);
    const { groups } = await mainGroups(db, {
      vin: req.body.vin,
      mcid: req.body.mcid,
      lang: epcLang(req.body.lang),
      opener: { companyId },
    });
    return ok(groups);
  });

  route(app, 'getCarsConfigEx', async (req) => {
    await requireOpenVin(ctx, req, req.body.vin_number);
    const found = await vehicleConfig(db, {
      vin: req.body.vin_number,
      mcid: req.body.mcid,
      lang: epcLang(req.body.lang),
    });
    return ok({ main_data: found.main_data, options: found.options });
  });

  route(app, 'getCarsStructureEx', async (req) => {
    await requireOpenVin(ctx, req, req.body.vin);
    const b = req.body;
    const { nodes } = await structure(db, {
      vin: b.vin,
      mcid: b.mcid,
      num: b.num,
      subgroup: b.subgroup ?? null,
      lang: epcLang(b.lang),
    });
    return ok(nodes);
  });

  route(app, 'getCarsPartsEx', async (req) => {
    // One statement for the open check (403), the drawing and its parts; one for the products.
    const auth = requireVin(req, req.body.vin);
    const b = req.body;
    const onlyFitting = b.isShowColorvalue === true || String(b.filter) === '1';
    const found = await diagramParts(db, {
      vin: b.vin,
      mcid: b.mcid,
      mid: b.mid,
      lang: epcLang(b.lang),
      onlyFitting,
      opener: { companyId: auth.companyId },
    });
    const part_detail = await partsWithProducts(db, found.part_detail, auth.company?.level ?? 'd');
    return ok({ ...found, part_detail }, part_detail.length === 0 ? EPC_MSG.noInfo : undefined);
  });
}

/** The part-number lookups: a vehicle's catalogue searched by number, replacements, the licence's search. */
function partNumberRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  /**
   * Counts a part-number search of a vehicle's catalogue against the member and the address (in
   * the database, so every process sees the same numbers): past either limit, 429.
   */
  async function hotKeySlot(memberId: number, address: string) {
    const { perMember, perAddress, windowSec } = EPC_HOTKEY_LIMIT;
    if (!(await takeAttempt(db, `epchotkey:member:${memberId}`, perMember, windowSec)))
      throw tooMany(EPC_MSG.hotKeyTooMany);
    if (!(await takeAttempt(db, `epchotkey:address:${address}`, perAddress, windowSec)))
      throw tooMany(EPC_MSG.hotKeyTooMany);
  }

  route(app, 'getCarsSearchHotKey', async (req) => {
    const auth = await requireOpenVin(ctx, req, req.body.vin);
    const b = req.body;
    // The keyword is checked before a search is counted: a refused one ('%%') changes nothing, and
    // thirty of them left a buyer's next valid search a 429.
    const keyword = epcPartSearchKeyword.safeParse(b.searchHotKey);
    if (!keyword.success) throw badRequest(keyword.error.issues[0]!.message, 'searchHotKey');
    // Only the catalogue of the VIN: a test VIN (free to everyone) must not open another catalogue's numbers.
    if (!(await vehicleOf(db, { vin: b.vin, mcid: b.mcid }))) throw notFound(EPC_MSG.noInfo);
    await hotKeySlot(auth.member.id, req.clientAddress);
    const lang = epcLang(b.lang);
    const found = await searchPartNumbers(db, { keyword: keyword.data, mcid: b.mcid, size: 50, lang });
    const level = auth.company?.level ?? 'd';
    const place = await hitPlace(db, { vin: b.vin, mcid: b.mcid, lang, level }, found.hits[0]);
    return ok(
      { ...place, partInfo: found.hits, more: found.more },
      found.hits.length === 0 ? EPC_MSG.emptyResult : undefined,
    );
  });

  route(app, 'getCarsReplace', async (req) => {
    const auth = requireCompanyMember(req);
    const b = req.body;
    let catalogueId: number | undefined;
    // Without a licence only within the catalogue of a VIN the company may open (a test VIN).
    if ((await licenseDaysOf(db, auth.companyId)) <= 0) {
      const vehicle =
        b.vin && b.mcid && (await isVinOpenToday(db, auth.companyId, b.vin))
          ? await vehicleOf(db, { vin: b.vin, mcid: b.mcid })
          : null;
      if (!vehicle) throw forbidden(EPC_MSG.licenseRequired);
      catalogueId = vehicle.catalogueId;
    }
    const data = await replacementsFor(db, { pid: b.pid, brand: b.brand_code ?? null, catalogueId });
    return ok({ data }, data.length === 0 ? EPC_MSG.emptyResult : undefined);
  });

  route(app, 'searchParts', async (req) => {
    const auth = requireCompanyMember(req);
    const m = req.body.objSearchMapper;
    // The keyword is checked before the licence: a malformed search gets its own message.
    const keyword = epcPartSearchKeyword.safeParse(m.searchKeyword);
    if (!keyword.success) throw badRequest(keyword.error.issues[0]!.message, 'objSearchMapper.searchKeyword');
    if ((await licenseDaysOf(db, auth.companyId)) <= 0) throw forbidden(EPC_MSG.licenseRequired);
    const found = await searchPartNumbers(db, {
      keyword: m.searchKeyword,
      page: m.page,
      size: m.size,
      lang: epcLang(req.body.lang),
    });
    return { ...ok(found.hits, found.hits.length === 0 ? EPC_MSG.emptyResult : undefined), more: found.more };
  });
}
