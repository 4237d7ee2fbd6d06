import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CHAT_LIMITS,
  CHAT_UPLOAD_FIELD,
  CHAT_UPLOAD_HEADERS,
  MSG,
  MSG_CHAT,
  clientMessageIdField,
} from '@partsmall/contract';
import type { Db } from '../../db/client.js';
import { type Api, type AppContext, requireCompanyMember, requireMember, requireStaff } from '../../shared/context.js';
import { route } from '../../shared/route.js';
import { AppError, badRequest, created, notFound, ok, tooMany } from '../../shared/http.js';
import { takeAttempt } from '../../shared/rate-limit.js';
import type { IncomingFile } from './images.js';
import { loginIdNamed, memberNumberOf } from './lookups.js';
import { chatCustomer, type ChatCustomer, type SenderInfo } from './messages.js';
import { issueQrLoginCode, redeemQrLoginCode } from './qr-login.js';
import { diskStorage, FILE_URL_TTL_SEC, type FileStorage } from './storage.js';
import { earlierUpload, freshFileLink, readChatFile, uploadChatFiles } from './uploads.js';

/**
 * Chat files live outside the public upload folder (which is served as static files): they are
 * read only through signed addresses (GET /api/chatFile/...).
 */
export const chatStorageRoot = (dataDir: string) => path.join(dataDir, 'chat-files');

/** A header's text, URI-decoded and trimmed; null when there is none or it does not decode. */
function decodedHeader(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  try {
    return decodeURIComponent(raw).trim();
  } catch {
    return null;
  }
}

const memberNumber = z
  .string()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(2_147_483_647));

/**
 * The customer the staff upload's targetUser header names (URI-encoded): a member number or, as the
 * original client may send it, a login id (loginIdNamed).
 */
async function targetUserOf(db: Db, raw: string | undefined): Promise<number> {
  const text = decodedHeader(raw);
  const seq = memberNumber.safeParse(text);
  if (seq.success) return seq.data;
  const loginId = loginIdNamed(text);
  if (loginId === null) throw badRequest(MSG_CHAT.targetUserRequired, 'targetUser');
  return memberNumberOf(db, loginId);
}

const fileParams = z.object({
  seq: z.coerce.number({ error: MSG.notFound }).int(MSG.notFound).min(1, MSG.notFound).max(2_147_483_647, MSG.notFound),
  variant: z.enum(['full', 'thumb'], { error: MSG.notFound }),
});
const fileQuery = z.object({
  exp: z.coerce.number({ error: MSG.notFound }).int(MSG.notFound).min(0, MSG.notFound).max(1e11, MSG.notFound),
  sig: z.string({ error: MSG.notFound }).max(100, MSG.notFound),
});

function header(req: FastifyRequest, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Reads the images of a multipart upload into memory (at most 10 of 10 MB, field imgFiles),
 * answering each broken limit with its Korean message. Parts are read one by one, so an 11th
 * file or an oversized one is refused as soon as it starts.
 */
async function readImages(req: FastifyRequest): Promise<IncomingFile[]> {
  if (!req.isMultipart()) throw badRequest(MSG_CHAT.fileRequired, CHAT_UPLOAD_FIELD);
  const files: IncomingFile[] = [];
  try {
    // preservePath: the name arrives as sent, so a path in it is refused rather than silently cut off.
    const parts = req.parts({
      preservePath: true,
      limits: {
        fileSize: CHAT_LIMITS.fileMaxBytes,
        files: CHAT_LIMITS.filesPerUpload,
        fields: 10,
        fieldSize: 1000,
        parts: 30,
      },
    });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== CHAT_UPLOAD_FIELD) {
        part.file.resume();
        throw badRequest(MSG_CHAT.fileRequired, CHAT_UPLOAD_FIELD);
      }
      files.push({ name: part.filename, mimetype: part.mimetype, data: await part.toBuffer() });
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, MSG_CHAT.fileTooLarge, 413, CHAT_UPLOAD_FIELD);
    if (code === 'FST_FILES_LIMIT') throw badRequest(MSG_CHAT.tooManyFiles, CHAT_UPLOAD_FIELD);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest(MSG.badRequest);
    // A truncated or malformed multipart body is the sender's fault, not a 500.
    throw badRequest(MSG_CHAT.imageBroken, CHAT_UPLOAD_FIELD);
  }
  if (files.length === 0) throw badRequest(MSG_CHAT.fileRequired, CHAT_UPLOAD_FIELD);
  return files;
}

function clientMessageIdOf(req: FastifyRequest): string | undefined {
  const raw = header(req, CHAT_UPLOAD_HEADERS.clientMessageId);
  if (raw === undefined) return undefined;
  const parsed = clientMessageIdField.safeParse(raw);
  if (!parsed.success) throw badRequest(MSG_CHAT.clientMessageId, CHAT_UPLOAD_HEADERS.clientMessageId);
  return parsed.data;
}

/**
 * The chat's HTTP calls: the two uploads (docs/requirements.md#chat), the signed file addresses, and the mobile
 * QR login. Registered in a scope of their own so the multipart parser exists only here.
 */
export function chatRoutes(
  app: Api,
  ctx: AppContext,
  storage: FileStorage = diskStorage(chatStorageRoot(ctx.config.dataDir)),
) {
  const { db } = ctx;

  /**
   * Refuses a member, or a customer's address (many sign-ups, or one person with many accounts),
   * that uploads too often, before any byte of the upload is read or decoded. Staff answer from
   * the shop's own address and count per member only.
   */
  async function uploadSlot(sender: SenderInfo, address: string) {
    const { uploads, uploadsPerAddress } = CHAT_LIMITS;
    if (!(await takeAttempt(db, `chatupload:${sender.memberId}`, uploads.max, uploads.windowSec)))
      throw tooMany(MSG_CHAT.tooManyUploads);
    if (sender.side === 'staff') return;
    if (!(await takeAttempt(db, `chatupload:address:${address}`, uploadsPerAddress.max, uploadsPerAddress.windowSec)))
      throw tooMany(MSG_CHAT.tooManyUploads);
  }

  async function upload(req: FastifyRequest, sender: SenderInfo, customer: ChatCustomer) {
    const clientMessageId = clientMessageIdOf(req);
    // A retry of a stored upload (its answer was lost) is answered as a resent text is, before the
    // slot: it reads and stores nothing, and must not make the next new picture wait.
    const earlier = clientMessageId && (await earlierUpload(db, { sender, customer, clientMessageId }));
    if (earlier) return created(earlier, MSG_CHAT.sent);
    await uploadSlot(sender, req.clientAddress);
    const files = await readImages(req);
    const { message } = await uploadChatFiles(db, ctx.events, storage, { sender, customer, files, clientMessageId });
    return created(message, MSG_CHAT.sent);
  }

  void app.register(async (scope: Api) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: true });

    route(scope, 'uploadChatFile', async (req) => {
      const { member } = requireCompanyMember(req);
      return upload(
        req,
        { memberId: member.id, loginId: member.loginId, name: member.name, side: 'customer' },
        { id: member.id, loginId: member.loginId },
      );
    });

    route(scope, 'uploadChatFiles', async (req) => {
      const { member } = requireStaff(req);
      const customer = await chatCustomer(db, await targetUserOf(db, header(req, CHAT_UPLOAD_HEADERS.targetUser)));
      return upload(
        req,
        { memberId: member.id, loginId: member.loginId, name: member.name, side: 'staff' },
        { id: customer.id, loginId: customer.loginId },
      );
    });
  });

  // The signature is the permission: only the conversation's customer and staff are sent these addresses.
  app.get(
    '/api/chatFile/:seq/:variant',
    // An image, not a JSON answer: kept out of the OpenAPI document of the calls.
    { config: { access: 'public' }, schema: { hide: true, params: fileParams, querystring: fileQuery } },
    async (req, reply) => {
      const file = await readChatFile(db, storage, {
        seq: req.params.seq,
        variant: req.params.variant,
        exp: req.query.exp,
        sig: req.query.sig,
      });
      if (!file) throw notFound();
      return (
        reply
          .header('content-type', file.mime)
          // No longer than the address itself lives.
          .header('cache-control', `private, max-age=${FILE_URL_TTL_SEC}`)
          .header('content-disposition', 'inline')
          .send(file.data)
      );
    },
  );

  route(app, 'chatFileLink', async (req) => {
    const { member } = requireMember(req);
    const staff = member.role === 'staff' || member.role === 'admin';
    const link = await freshFileLink(db, req.body.seq, { memberId: member.id, staff });
    if (!link) throw notFound();
    return ok(link);
  });

  // The QR code's address is built from PUBLIC_URL when it is set; without it the page uses its own
  // origin. A session without a company (staff) is refused by issueQrLoginCode, with its own message.
  route(app, 'qrcodeLoginCode', async (req) =>
    created(
      await issueQrLoginCode(db, requireMember(req), new Date(), {
        publicUrl: ctx.config.publicUrlSet ? ctx.config.publicUrl : undefined,
      }),
      MSG.ok,
    ),
  );

  route(app, 'qrcodeLogin', async (req) =>
    ok(await redeemQrLoginCode(db, req.body.token, new Date(), { address: req.clientAddress }), MSG_CHAT.qrLoginDone),
  );
}

/** Chat customers with a live connection on any server process (a member's tabs count once): for the admin dashboard. */
export function countOnlineCustomers(ctx: Pick<AppContext, 'realtime'>): Promise<number> {
  return ctx.realtime.chat.countOnlineCustomers();
}
