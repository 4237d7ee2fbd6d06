import type { FastifyRequest } from 'fastify';
import { MEMBER_TYPE_MAIN, MSG_MEMBER } from '@partsmall/contract';
import { requireCompanyMember, requireMember } from '../../shared/context.js';
import { forbidden } from '../../shared/http.js';

/** A company's main account (type 0): 401 without a session, 403 for sub-accounts and staff. */
export function requireMainAccount(request: FastifyRequest) {
  const auth = requireCompanyMember(request);
  if (auth.member.type !== MEMBER_TYPE_MAIN) throw forbidden(MSG_MEMBER.mainOnly);
  return auth;
}

/**
 * Route options that check the caller before the payload is validated, so that a visitor gets
 * 401 (and a sub-account 403) whatever it sends, and learns nothing from the validation messages.
 */
export const guard = {
  member: { preValidation: async (req: FastifyRequest) => void requireMember(req) },
  company: { preValidation: async (req: FastifyRequest) => void requireCompanyMember(req) },
  main: { preValidation: async (req: FastifyRequest) => void requireMainAccount(req) },
};
