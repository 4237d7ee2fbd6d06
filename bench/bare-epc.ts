/**
 * The baseline of the HTTP part of `npm run bench -- catalogue`: a bare Fastify server with the
 * three catalogue calls measured (VIN search, main groups, parts page) and nothing else: no
 * plugins, hooks, logger or validation library. It runs the project's own prepared statements
 * and functions, imported, not copied: the session statement, the VIN search (licence, vehicle,
 * translated specs in one), the quota's reopen with the day's count, main groups and the parts
 * page (each one statement with the VIN-open check), products per part; on node-postgres with the
 * same pool size, and answers through Fastify's serializer with
 * the contract's answer schemas: the same bytes the project sends. Started by bench/catalogue-http.ts.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import {
  EPC_MSG,
  MSG,
  checkVin,
  epcGroupAnswer,
  epcPartsAnswer,
  epcVinAnswer,
  isTestVin,
  type CompanyLevel,
} from '@partsmall/contract';
import { poolSize, type Db } from '../apps/server/src/db/client.js';
import * as schema from '../apps/server/src/db/schema.js';
import { SESSION_CONTEXT, hashToken } from '../apps/server/src/features/auth/sessions.js';
import { openVin } from '../apps/server/src/features/epc/quota.js';
import {
  diagramParts,
  epcLang,
  findVehicle,
  mainGroups,
  partsWithProducts,
  vehicleTitle,
} from '../apps/server/src/features/epc/service.js';
import { answerJsonSchema } from '../apps/server/src/shared/answers.js';
import { AppError } from '../apps/server/src/shared/http.js';
import { NO_SUBSCRIBERS } from '../apps/server/src/shared/events.js';

// Sized as the shop's pool (apps/server/src/db/client.ts poolSize).
const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  ...poolSize({ DB_POOL_MAX: '20', ...process.env }),
});
const db = drizzle(pool, { schema }) as unknown as Db;
const app = Fastify();

interface Who {
  memberId: number;
  companyId: number;
  level: CompanyLevel;
}

async function who(auth: string | undefined): Promise<Who | null> {
  if (!auth?.startsWith('Bearer ')) return null;
  const { rows } = await pool.query<{ id: number; companyId: number | null; companyLevel: CompanyLevel | null }>({
    ...SESSION_CONTEXT,
    values: [hashToken(auth.slice(7))],
  });
  const row = rows[0];
  return row && row.companyId !== null
    ? { memberId: row.id, companyId: row.companyId, level: row.companyLevel ?? 'd' }
    : null;
}

type B = Record<string, string | undefined>;

/** The catalogue service's refusals (AppError) as the project answers them. */
app.setErrorHandler((err, _req, reply) => {
  if (err instanceof AppError) return reply.status(err.status).send({ code: err.code, message: err.message });
  return reply.status(500).send({ code: 500, message: MSG.serverError });
});

app.post<{ Body: B }>(
  '/epc/getCarsVinEx',
  { schema: { response: { 200: answerJsonSchema(epcVinAnswer) } } },
  async (req, reply) => {
    const w = await who(req.headers.authorization);
    if (!w) return reply.status(401).send({ code: 401, message: MSG.tokenExpired });
    const { brand = 'all', vin = '', lang } = req.body;
    const checked = checkVin(brand, vin);
    if (!checked.ok) return reply.status(400).send({ code: 400, message: checked.message });
    const found = await findVehicle(db, { brand, vin: checked.vin, lang: epcLang(lang), licensee: w.companyId });
    const v = found.vehicle;
    const opened = await openVin(db, NO_SUBSCRIBERS, {
      companyId: w.companyId,
      memberId: w.memberId,
      vin: v.vin,
      brand: v.brand,
      mcid: v.mcid,
      title: vehicleTitle(v),
    });
    return {
      code: 200,
      message: MSG.ok,
      results: { ...found.info, userSearchVinCount: opened.used, charged: opened.charged, testVin: isTestVin(v.vin) },
    };
  },
);

app.post<{ Body: B }>(
  '/epc/getCarsGroupEx',
  { schema: { response: { 200: answerJsonSchema(epcGroupAnswer) } } },
  async (req, reply) => {
    const w = await who(req.headers.authorization);
    if (!w) return reply.status(401).send({ code: 401, message: MSG.tokenExpired });
    const { vin = '', mcid = '', lang } = req.body;
    const found = await mainGroups(db, { vin, mcid, lang: epcLang(lang), opener: { companyId: w.companyId } });
    return { code: 200, message: MSG.ok, results: found.groups };
  },
);

app.post<{ Body: B & { isShowColorvalue?: boolean } }>(
  '/epc/getCarsPartsEx',
  { schema: { response: { 200: answerJsonSchema(epcPartsAnswer) } } },
  async (req, reply) => {
    const w = await who(req.headers.authorization);
    if (!w) return reply.status(401).send({ code: 401, message: MSG.tokenExpired });
    const { vin = '', mcid = '', mid = '', lang } = req.body;
    const found = await diagramParts(db, {
      vin,
      mcid,
      mid,
      lang: epcLang(lang),
      onlyFitting: req.body.isShowColorvalue === true,
      opener: { companyId: w.companyId },
    });
    const part_detail = await partsWithProducts(db, found.part_detail, w.level);
    return {
      code: 200,
      message: part_detail.length === 0 ? EPC_MSG.noInfo : MSG.ok,
      results: { ...found, part_detail },
    };
  },
);

await app.listen({ port: Number(process.env.PORT ?? 3912), host: '127.0.0.1' });
console.log('bare catalogue server 실행 중');
process.on(
  'SIGINT',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
