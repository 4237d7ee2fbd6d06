import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  MSG_QUICK_ORDER,
  QUICK_ORDER_COLUMNS_FIELD,
  QUICK_ORDER_FILE_FIELD,
  estimateRolesField,
  parseQuickOrderText,
  type CompanyLevel,
  type EstimateRole,
  type QuickOrderParse,
} from '@partsmall/contract';
import { buyerOf, requireCompanyMember, type Api, type AppContext } from '../../shared/context.js';
import { badRequest, created, ok, tooMany } from '../../shared/http.js';
import { takeAttempt } from '../../shared/rate-limit.js';
import { route } from '../../shared/route.js';
import { readOneFile } from '../../shared/upload.js';
import { readQuickOrderFileOffThread } from '../../workers/pools.js';
import type { AuthContext } from '../auth/index.js';
import { QUICK_ORDER_FILE_MAX_BYTES, QUICK_ORDER_FILE_MSG, QUICK_ORDER_UPLOADS } from './files.js';
import { resolveQuickOrder } from './resolve.js';
import { addQuickOrderToCart, reorder } from './to-cart.js';

const levelOf = (auth: AuthContext): CompanyLevel => auth.company?.level ?? 'd';

/**
 * The one file of a multipart quick order, read into checked rows in the file worker pool (two files
 * at a time per account, docs/security.md#costly-work); each broken limit its Korean message.
 */
async function readUpload(req: FastifyRequest, memberId: number): Promise<QuickOrderParse> {
  let columns: EstimateRole[] | undefined;
  const file = await readOneFile(
    req,
    QUICK_ORDER_FILE_FIELD,
    QUICK_ORDER_FILE_MAX_BYTES,
    { missing: MSG_QUICK_ORDER.textOrFile, tooLarge: QUICK_ORDER_FILE_MSG.tooLarge, oneFile: MSG_QUICK_ORDER.oneFile },
    (name, value) => {
      // The columns as the buyer corrected them (docs/search.md#paste-anything); other fields are ignored.
      if (name !== QUICK_ORDER_COLUMNS_FIELD) return;
      const roles = estimateRolesField(value);
      if (!roles) throw badRequest(MSG_QUICK_ORDER.columns, QUICK_ORDER_COLUMNS_FIELD);
      columns = roles;
    },
  );
  return readQuickOrderFileOffThread({ ...file, ...(columns ? { columns } : {}) }, `member:${memberId}`);
}

/**
 * Quick order and reorder (docs/requirements.md#quick-order): main and sub-accounts alike. In a
 * scope of its own so that the multipart parser exists only for the file upload.
 */
export function quickOrderRoutes(app: Api, ctx: AppContext) {
  const { db } = ctx;

  void app.register(async (scope: Api) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: true });

    // The call's entry takes JSON or multipart (docs/architecture.md#how-a-call-is-declared).
    route(scope, 'resolveQuickOrder', async (req) => {
      const auth = requireCompanyMember(req);
      // Files are counted per account before a byte is read (docs/security.md#costly-work).
      if (
        req.isMultipart() &&
        !(await takeAttempt(
          db,
          `quickorderfile:${auth.member.id}`,
          QUICK_ORDER_UPLOADS.max,
          QUICK_ORDER_UPLOADS.windowSec,
        ))
      )
        throw tooMany(QUICK_ORDER_FILE_MSG.tooOften);
      const parsed = req.isMultipart()
        ? await readUpload(req, auth.member.id)
        : req.body
          ? parseQuickOrderText(req.body.text, req.body.columns)
          : null;
      if (!parsed) throw badRequest(MSG_QUICK_ORDER.textOrFile, 'text');
      if (!parsed.ok) throw badRequest(parsed.message, req.isMultipart() ? QUICK_ORDER_FILE_FIELD : 'text');
      const rows = await resolveQuickOrder(db, parsed.rows, levelOf(auth));
      return {
        ...ok(rows, undefined, rows.length),
        ...(parsed.columns ? { columns: parsed.columns } : {}),
        ...(parsed.hiddenRows ? { hiddenRows: parsed.hiddenRows } : {}),
      };
    });
  });

  route(app, 'addQuickOrderToCart', async (req) => {
    const auth = requireCompanyMember(req);
    const added = await addQuickOrderToCart(db, ctx.events, buyerOf(auth), req.body.lines, req.body.clientRequestId);
    return created({ added }, MSG_QUICK_ORDER.added(added));
  });

  route(app, 'reorder', async (req) => {
    const auth = requireCompanyMember(req);
    const lines = await reorder(db, ctx.events, buyerOf(auth), levelOf(auth), req.body.seq, req.body.clientRequestId);
    const added = lines.filter((l) => l.addedQty > 0).length;
    return created(lines, added > 0 ? MSG_QUICK_ORDER.reordered(added) : MSG_QUICK_ORDER.reorderNothing);
  });
}
