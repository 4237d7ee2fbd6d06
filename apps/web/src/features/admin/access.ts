import { mayCall, type AdminCall } from '@partsmall/contract';
import { useSession } from '../../shared/session';

/** What this tab's staff member may do in the back office; the server checks every call again. */

/** The role of this tab's session, as the server told it at login. */
export function useRole(): string | null {
  const { userInfo } = useSession();
  return userInfo?.role ?? null;
}

export function useMay(call: AdminCall): boolean {
  return mayCall(useRole(), call);
}
