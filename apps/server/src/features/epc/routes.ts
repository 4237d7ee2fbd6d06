import { eq } from 'drizzle-orm';
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
  type EpcPart,
  type CompanyLevel,
  type EpcPartProduct,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { companies } from '../../db/schema.js';
import { type Api, type AppContext, requireCompanyMember } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { AppError, badRequest, forbidden, notFound, ok, tooMany } from '../../shared/http.js';
import { takeAttempt } from '../../shared/rate-limit.js';
import { licenseDaysLeft } from '../../shared/time.js';
import type { AuthContext } from '../auth/sessions.js';
import { priceFor, productsByOeKeys } from '../products/service.js';
import { isVinOpenToday, openVin, searchHistory, vinSearchCount } from './quota.js';
import {
  diagramParts,
  epcLang,
  findVehicle,
  mainGroups,
  replacementsFor,
  searchPartNumbers,
  structure,
  vehicleConfig,
  vehicleTitle,
  vehicleOf,
  type PartRow,
  type Refused,
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


/** Licence days left of a company (rounded up; 0 when none or expired). */
export async function licenseDaysOf(db: Db, companyId: number): Promise<number> {
  const [row] = await db.select({ end: companies.licenseEnd }).from(companies).where(eq(companies.id, companyId));
  return licenseDaysLeft(row?.end ?? null);
}

/**
 * A refusal of the catalogue service: bad VINs are 400, missing data 404 ('정보가 없습니다.'), a VIN
 * the company has not opened today 403.
 */
export function refusal(r: Refused): AppError {
  if (r.message === EPC_MSG.vinNotOpened || r.message === EPC_MSG.licenseRequired) return forbidden(r.message);
  return r.message === EPC_MSG.noInfo ? notFound(r.message) : badRequest(r.message);
}

function unwrap<T extends { ok: true }>(r: T | Refused): T {
  if (!r.ok) throw refusal(r);
  return r;
}

/** A company member's well-formed VIN, for the deeper calls whose statement checks the VIN is open. */
function requireVin(req: FastifyRequest, vin: string): AuthContext & { companyId: number } {
  const auth = requireCompanyMember(req);
  const checked = checkVin('all', vin);
  if (!checked.ok) throw badRequest(checked.message, 'vin');
  return auth;
}

/**
 * A deeper call refused for a VIN that is not open: a company whose licence has ended learns that
 * (its VINs of the morning stop with the licence), any other that the VIN must be searched first.
 */
async function notOpened(db: Db, companyId: number): Promise<AppError> {
  return forbidden((await licenseDaysOf(db, companyId)) <= 0 ? EPC_MSG.licenseRequired : EPC_MSG.vinNotOpened);
}

/** A deeper call's answer, or its refusal (a VIN not open explained by notOpened). */
async function unwrapOpened<T extends { ok: true }>(db: Db, companyId: number, r: T | Refused): Promise<T> {
  if (!r.ok && r.message === EPC_MSG.vinNotOpened) throw await notOpened(db, companyId);
  return unwrap(r);
}

/** The deeper calls: only a VIN the company opened today (Asia/Seoul) with its licence running, or a test VIN. */
async function requireOpenVin(ctx: AppContext, req: FastifyRequest, vin: string): Promise<AuthContext & { companyId: number }> {
  const auth = requireCompanyMember(req);
  const checked = checkVin('all', vin);
  if (!checked.ok) throw badRequest(checked.message, 'vin');
  if (!(await isVinOpenToday(ctx.db, auth.companyId, checked.vin))) throw await notOpened(ctx.db, auth.companyId);
  return auth;
}

/** Each part of a drawing with the shop's products of its OE number, priced for the company's level. */
export async function partsWithProducts(db: Db, rows: PartRow[], level: CompanyLevel): Promise<EpcPart[]> {
  const products = await productsByOeKeys(db, rows.map((p) => p.pidKey));
  return rows.map(({ pidKey, ...p }) => ({
    ...p,
    products: (products.get(pidKey) ?? []).map((row): EpcPartProduct => {
      const priced = priceFor({ ...row }, { level });
      return {
        seq: priced.seq,
        name: priced.name,
        pid: priced.pid,
        price: priced.price!,
        salePrice: priced.salePrice!,
        hasAmount: priced.hasAmount,
        stockName: priced.stockName,
        storageId: priced.storageId,
        imgFiles: priced.imgFiles,
        companyId: priced.companyId,
      };
    }),
  }));
}

export function epcRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  /**
   * Counts a part-number search of a vehicle's catalogue against the member and the address (in
   * the database, so every process sees the same numbers): past either limit, 429.
   */
  async function hotKeySlot(memberId: number, address: string) {
    const { perMember, perAddress, windowSec } = EPC_HOTKEY_LIMIT;
    if (!(await takeAttempt(db, `epchotkey:member:${memberId}`, perMember, windowSec))) throw tooMany(EPC_MSG.hotKeyTooMany);
    if (!(await takeAttempt(db, `epchotkey:address:${address}`, perAddress, windowSec))) throw tooMany(EPC_MSG.hotKeyTooMany);
  }

  route(app, 'initEpc', async (req) => {
      const auth = requireCompanyMember(req);
      const [days, used] = await Promise.all([licenseDaysOf(db, auth.companyId), vinSearchCount(db, auth.companyId)]);
      const brands = EPC_SEARCH_BRANDS.map((code) => ({ code, label: EPC_BRAND_LABELS[code] }));
      return {
        ...ok({ brands, testVins: EPC_TEST_VINS.map((t) => ({ ...t })), licenseDays: days, userSearchVinCount: used, maxVinSearches: MAX_VIN_SEARCHES_PER_DAY }),
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
      const { vehicle, info } = unwrap(await findVehicle(db, { brand, vin: checked.vin, lang: epcLang(lang), licensee: auth.companyId }));
      const opened = await openVin(db, {
        companyId: auth.companyId,
        memberId: auth.member.id,
        vin: vehicle.vin,
        brand: vehicle.brand,
        mcid: vehicle.mcid,
        title: vehicleTitle(vehicle),
      });
      if (!opened.ok) throw new AppError(429, opened.message);
      if (opened.charged) await ctx.realtime.pushBaseInfo(auth.companyId);
      return ok({ ...info, userSearchVinCount: opened.used, charged: opened.charged, testVin: isTestVin(vehicle.vin) });
    });

  route(app, 'getCarsGroupEx', async (req) => {
      // One statement: the VIN open today for the company (else 403), the groups (else 404).
      const { companyId } = requireVin(req, req.body.vin);
      const { groups } = await unwrapOpened(db, companyId, await mainGroups(db, { vin: req.body.vin, mcid: req.body.mcid, lang: epcLang(req.body.lang), opener: { companyId } }));
      return ok(groups);
    });

  route(app, 'getCarsConfigEx', async (req) => {
      await requireOpenVin(ctx, req, req.body.vin_number);
      const found = unwrap(await vehicleConfig(db, { vin: req.body.vin_number, mcid: req.body.mcid, lang: epcLang(req.body.lang) }));
      return ok({ main_data: found.main_data, options: found.options });
    });

  route(app, 'getCarsStructureEx', async (req) => {
      await requireOpenVin(ctx, req, req.body.vin);
      const b = req.body;
      const { nodes } = unwrap(await structure(db, { vin: b.vin, mcid: b.mcid, num: b.num, subgroup: b.subgroup ?? null, lang: epcLang(b.lang) }));
      return ok(nodes);
    });

  route(app, 'getCarsPartsEx', async (req) => {
      // One statement for the open check (403), the drawing and its parts; one for the products.
      const auth = requireVin(req, req.body.vin);
      const b = req.body;
      const onlyFitting = b.isShowColorvalue === true || String(b.filter) === '1';
      const found = await unwrapOpened(db, auth.companyId, await diagramParts(db, { vin: b.vin, mcid: b.mcid, mid: b.mid, lang: epcLang(b.lang), onlyFitting, opener: { companyId: auth.companyId } }));
      const part_detail = await partsWithProducts(db, found.part_detail, auth.company?.level ?? 'd');
      const { ok: _ok, ...rest } = found;
      return ok({ ...rest, part_detail }, part_detail.length === 0 ? EPC_MSG.noInfo : undefined);
    });

  route(app, 'getCarsSearchHotKey', async (req) => {
      const auth = await requireOpenVin(ctx, req, req.body.vin);
      const b = req.body;
      // Only the catalogue of the VIN: a test VIN (free to everyone) must not open another catalogue's numbers.
      if (!(await vehicleOf(db, { vin: b.vin, mcid: b.mcid }))) throw notFound(EPC_MSG.noInfo);
      await hotKeySlot(auth.member.id, req.ip);
      const found = unwrap(await searchPartNumbers(db, { keyword: b.searchHotKey, mcid: b.mcid, size: 50, lang: epcLang(b.lang) }));
      return ok({ partInfo: found.hits, more: found.more }, found.hits.length === 0 ? EPC_MSG.emptyResult : undefined);
    });

  route(app, 'getCarsReplace', async (req) => {
      const auth = requireCompanyMember(req);
      const b = req.body;
      let catalogueId: number | undefined;
      // Without a licence only within the catalogue of a VIN the company may open (a test VIN).
      if ((await licenseDaysOf(db, auth.companyId)) <= 0) {
        const vehicle = b.vin && b.mcid && (await isVinOpenToday(db, auth.companyId, b.vin)) ? await vehicleOf(db, { vin: b.vin, mcid: b.mcid }) : null;
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
      const found = unwrap(await searchPartNumbers(db, { keyword: m.searchKeyword, page: m.page, size: m.size, lang: epcLang(req.body.lang) }));
      return { ...ok(found.hits, found.hits.length === 0 ? EPC_MSG.emptyResult : undefined), more: found.more };
    });
}
