import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { MEMBER_TYPE_MAIN, MSG_ADMIN, MSG_MEMBER, type Access } from '@partsmall/contract';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { SmsProvider } from '../features/sms/types.js';
import type { AuthContext } from '../features/auth/types.js';
import type { Realtime } from '../realtime/types.js';
import type { Api } from './api-type.js';
import type { Drain } from './drain.js';
import type { DomainEvents } from './events.js';
import { forbidden, unauthorizedFor } from './http.js';

/** What every feature's routes are given. */
export interface AppContext {
  config: Config;
  db: Db;
  sms: SmsProvider;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** The app's domain-event bus: routes hand it to the services that tell what happened (shared/events.ts). */
  events: DomainEvents;
  /** The stop of the process (main.ts starts it on SIGTERM); /readyz fails from its first moment. */
  drain: Drain;
}

export type { Api };

/** Who may make a call: the table of calls gives each route's (packages/contract/src/calls.ts). */
export type { Access };

/** One route's declaration, as the access table lists it. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The session, its member and the member's company, resolved in one query from the bearer token. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every API route and who may call it (filled as routes are registered). */
    accessTable: RouteAccess[];
  }
}

/** The logged-in member, or 401. */
export function requireMember(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorizedFor(request);
  return request.auth;
}

/** A logged-in member of a company (not staff), or 401/403. */
/** Who buys in a company call (the cart, paying, quick order): the member and their company. */
export const buyerOf = (auth: AuthContext & { companyId: number }): { memberId: number; companyId: number } => ({
  memberId: auth.member.id,
  companyId: auth.companyId,
});

export function requireCompanyMember(request: FastifyRequest): AuthContext & { companyId: number } {
  const auth = requireMember(request);
  if (auth.member.companyId === null) throw forbidden();
  // Spelled out, not spread: it runs twice on most company calls (access hook, then the route).
  return {
    sessionId: auth.sessionId,
    token: auth.token,
    member: auth.member,
    company: auth.company,
    companyId: auth.member.companyId,
  };
}

/** A company's main account (type 0): 401 without a session, 403 for sub-accounts and staff. */
export function requireMainAccount(request: FastifyRequest): AuthContext & { companyId: number } {
  const auth = requireCompanyMember(request);
  if (auth.member.type !== MEMBER_TYPE_MAIN) throw forbidden(MSG_MEMBER.mainOnly);
  return auth;
}

export function requireStaff(request: FastifyRequest): AuthContext {
  const auth = requireMember(request);
  if (auth.member.role !== 'staff' && auth.member.role !== 'admin') throw forbidden();
  return auth;
}

/** The id of the staff member making the call (the audit's `memberId`), or 401/403. */
export const requireStaffId = (request: FastifyRequest): number => requireStaff(request).member.id;

export function requireAdmin(request: FastifyRequest): AuthContext {
  const auth = requireStaff(request);
  if (auth.member.role !== 'admin') throw forbidden(MSG_ADMIN.adminOnly);
  return auth;
}

const CHECKS: Record<Exclude<Access, 'public'>, (request: FastifyRequest) => unknown> = {
  member: requireMember,
  company: requireCompanyMember,
  main: requireMainAccount,
  staff: requireStaff,
  admin: requireAdmin,
};

/** The paths of the calls (docs/requirements.md#calls): each route on them must declare its access. */
const API_PATH = /^\/(api|payCenter|epc|dev)\/|^\/uploadChatFiles?$/;

/**
 * The one access mechanism: every API route declares `config.access` (`route()` sets it from the
 * table of calls; a route without one is a start-up error), and the route gets an onRequest hook that checks it before the body is read,
 * parsed or validated, so that a visitor gets 401 and a wrong role 403 whatever the payload
 * (docs/security.md#access-control). Route onRequest hooks run after the app's, so the hook that resolves
 * `request.auth` must be added before this is installed; and this before the routes.
 */
export function installAccessControl(app: Api): void {
  const table: RouteAccess[] = [];
  app.decorate('accessTable', table);
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!access) {
      if (API_PATH.test(route.url))
        throw new Error(`${String(route.method)} ${route.url}: declare who may call it (config.access)`);
      return;
    }
    for (const method of [route.method].flat()) if (method !== 'HEAD') table.push({ method, url: route.url, access });
    if (access === 'public') {
      // The OpenAPI document says which calls need no bearer token.
      if (route.schema) route.schema = { ...route.schema, security: [] };
      return;
    }
    const check = CHECKS[access];
    const hook = (request: FastifyRequest, _reply: unknown, done: (err?: Error) => void) => {
      try {
        check(request);
      } catch (err) {
        return done(err as Error);
      }
      done();
    };
    route.onRequest = [hook, ...[route.onRequest ?? []].flat()] as typeof route.onRequest;
  });
}
