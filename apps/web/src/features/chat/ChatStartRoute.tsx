import { useSession } from '../../shared/session';
import { ChatStartPage } from './ChatStartPage';

/** /chatStart/{route?}: members with a company go on to the chat, everyone else sees the entry. */
export function ChatStartRoute() {
  const { token, userInfo } = useSession();
  return <ChatStartPage loggedIn={token !== null && userInfo?.companyId != null ? { token, userInfo } : null} />;
}
