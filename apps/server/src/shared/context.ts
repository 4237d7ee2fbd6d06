import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { SmsProvider } from '../features/sms/provider.js';
import type { AuthContext } from '../features/auth/sessions.js';
import type { Realtime } from '../realtime/hub.js';
import { forbidden, unauthorized } from './http.js';

/** What every feature's routes are given. */
export interface AppContext {
  config: Config;
  db: Db;
  sms: SmsProvider;
  realtime: Realtime;
  log: FastifyBaseLogger;
}

export type Api = FastifyInstance<
  import('node:http').Server,
  import('node:http').IncomingMessage,
  import('node:http').ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The logged-in member, or 401. */
export function requireMember(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** A logged-in member of a company (not staff), or 401/403. */
export function requireCompanyMember(request: FastifyRequest): AuthContext & { companyId: number } {
  const auth = requireMember(request);
  if (auth.member.companyId === null) throw forbidden();
  return { ...auth, companyId: auth.member.companyId };
}

export function requireStaff(request: FastifyRequest): AuthContext {
  const auth = requireMember(request);
  if (auth.member.role !== 'staff' && auth.member.role !== 'admin') throw forbidden();
  return auth;
}
