import type { CompanyLevel } from '@partsmall/contract';
import type { MemberRecord } from '../members/repository.js';

/**
 * The auth feature's types other modules name: the session a request carries (docs/architecture.md#boundaries).
 * Its member is the row but for whether an unproved phone recovers it, which only recovery reads.
 */
export type MemberRow = Omit<MemberRecord, 'phoneRecovers'>;

/** What a request knows of the member's company without asking again: the price level. */
export interface SessionCompany {
  id: number;
  level: CompanyLevel;
}

export interface AuthContext {
  sessionId: number;
  token: string;
  member: MemberRow;
  /** The member's company (null for staff). */
  company: SessionCompany | null;
}
