import type { Db, Tx } from '../../db/client.js';
import { updateMember } from '../members/repository.js';
import { endSessions, type SessionSockets } from '../auth/index.js';
import { recordAudit } from './audit.js';

/**
 * The back office stops or resumes an account, a member's (setMemberStatus) or staff's (setStaffStatus):
 * in one transaction `current` finds the account, refusing one the call may not change, and answers its
 * status; then the new status and its audit row are written. Stopping ends the account's sessions at once.
 */
export async function setAccountStatus(
  db: Db,
  sockets: SessionSockets,
  change: {
    staffId: number;
    action: 'setMemberStatus' | 'setStaffStatus';
    memberId: number;
    status: 'active' | 'stopped';
  },
  current: (tx: Tx) => Promise<string>,
): Promise<void> {
  const { staffId, action, memberId, status } = change;
  await db.transaction(async (tx) => {
    const before = await current(tx);
    // The shop's stop binds the company too: only a resume from here clears it.
    await updateMember(tx, memberId, { status, stoppedByShop: status === 'stopped' });
    await recordAudit(tx, {
      memberId: staffId,
      action,
      target: `member:${memberId}`,
      before: { status: before },
      after: { status },
    });
  });
  if (status === 'stopped') await endSessions(db, sockets, { memberIds: [memberId] });
}
