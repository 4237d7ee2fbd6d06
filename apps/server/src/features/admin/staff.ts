import { randomBytes } from 'node:crypto';
import { MSG_ADMIN, type StaffRow } from '@partsmall/contract';
import type { Db, Tx } from '../../db/client.js';
import {
  insertMember,
  memberByLoginId,
  staffAccounts,
  staffById,
  updateMember,
  type MemberRecord,
} from '../members/repository.js';
import { uniqueViolation } from '../../shared/db-errors.js';
import { AppError, badRequest, notFound } from '../../shared/http.js';
import { hashPassword, revokeSessions, type SessionSockets } from '../auth/index.js';
import { setAccountStatus } from './account-status.js';
import { recordAudit } from './audit.js';

/** Staff accounts in the back office (admin only): list, create, reset a password, stop or resume. */

const toStaff = (r: MemberRecord): StaffRow => ({
  seq: r.id,
  id: r.loginId,
  name: r.name,
  phone: r.phone,
  role: r.role,
  status: r.status,
  created: r.createdAt.toISOString(),
});

export async function listStaff(db: Db) {
  return (await staffAccounts(db)).map(toStaff);
}

/** A readable one-time password: 10 characters without look-alikes. */
function newPassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return [...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('');
}

export async function createStaff(
  db: Db,
  adminId: number,
  s: { id: string; name: string; phone: string; role: 'staff' | 'admin' },
) {
  const password = newPassword();
  const hash = await hashPassword(password);
  const taken = () => new AppError(400, MSG_ADMIN.loginIdTaken, 400, 'id');
  // Two admins making one login id at once both pass the read: the second insert meets the key.
  const made = db.transaction(async (tx) => {
    if (await memberByLoginId(tx, s.id)) throw taken();
    const seq = await insertMember(tx, {
      loginId: s.id,
      passwordHash: hash,
      name: s.name,
      phone: s.phone,
      mail: s.id,
      role: s.role,
      companyId: null,
      phoneVerified: false,
    });
    await recordAudit(tx, {
      memberId: adminId,
      action: 'createStaff',
      target: `member:${seq}`,
      before: null,
      after: { id: s.id, name: s.name, role: s.role },
    });
    return { seq, password };
  });
  return made.catch((err: unknown) => {
    if (uniqueViolation(err) === 'members_login_id') throw taken();
    throw err;
  });
}

async function staffRow(db: Db | Tx, seq: number) {
  const row = await staffById(db, seq);
  if (!row) throw notFound(MSG_ADMIN.notStaff);
  return toStaff(row);
}

export async function resetStaffPassword(db: Db, sockets: SessionSockets, adminId: number, seq: number) {
  // The reset ends the caller's own session before the one-time password reaches the screen.
  if (seq === adminId) throw badRequest(MSG_ADMIN.selfReset, 'seq');
  await staffRow(db, seq);
  const password = newPassword();
  const passwordHash = await hashPassword(password);
  // The sessions end in the write's transaction, a login that checked the old password too (revokeSessions).
  const ended = await db.transaction(async (tx) => {
    await updateMember(tx, seq, { passwordHash });
    await recordAudit(tx, {
      memberId: adminId,
      action: 'resetStaffPassword',
      target: `member:${seq}`,
      before: null,
      after: { reset: true },
    });
    return revokeSessions(tx, { memberIds: [seq] });
  });
  sockets.endSessions(ended);
  return { seq, password };
}

export async function setStaffStatus(
  db: Db,
  sockets: SessionSockets,
  adminId: number,
  seq: number,
  status: 'active' | 'stopped',
) {
  if (seq === adminId) throw badRequest(MSG_ADMIN.selfStop, 'seq');
  await setAccountStatus(
    db,
    sockets,
    { staffId: adminId, action: 'setStaffStatus', memberId: seq, status },
    async (tx) => (await staffRow(tx, seq)).status,
  );
}
