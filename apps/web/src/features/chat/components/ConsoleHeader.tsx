import type { ChatUser } from '@partsmall/contract';
import { phone } from '../../../shared/format';
import { TC } from '../texts';
import { LevelIcon } from './ChatHeader';
import '../chat.css';

export type ConsolePanel = 'info' | 'canned' | null;

interface ConsoleHeaderProps {
  /** The customer whose conversation is open. */
  user: ChatUser | null;
  panel: ConsolePanel;
  onPanel: (panel: ConsolePanel) => void;
  onState: (state: 'open' | 'resolved') => void;
  /** Unread messages of every customer, on the phone's way to the customer list. */
  unread: number;
  onList: () => void;
}

/**
 * The staff console's header: the customer, their panels and the conversation's state; on a phone
 * also the way to the customer list, which stands in the conversation's place there
 * (docs/requirements.md#chat-screens).
 */
export function ConsoleHeader({ user, panel, onPanel, onState, unread, onList }: ConsoleHeaderProps) {
  const toggle = (which: 'info' | 'canned') => onPanel(panel === which ? null : which);
  return (
    <header className="chat-header">
      {user ? (
        <div className="chat-header-who">
          <b>{user.name}</b> <LevelIcon level={user.level} />
          {user.stopped && <span className="chat-stopped">{TC.stopped}</span>}
          <small>
            {user.companyName} · <span className="chat-phone">{phone(user.phone)}</span>
          </small>
        </div>
      ) : (
        <span className="chat-header-who">{TC.consoleTitle}</span>
      )}
      <div className="chat-header-actions">
        <button type="button" className="link chat-list-toggle" onClick={onList}>
          {TC.userList}
          {unread > 0 && <em className="chat-badge">{unread}</em>}
        </button>
        {/* A stopped customer's summary and conversation state answer 404 (docs/requirements.md#chat). */}
        {user && !user.stopped && (
          <>
            <button type="button" className="link" aria-expanded={panel === 'info'} onClick={() => toggle('info')}>
              {TC.customer}
            </button>
            <button type="button" className="link" aria-expanded={panel === 'canned'} onClick={() => toggle('canned')}>
              {TC.canned}
            </button>
            <button type="button" className="link" onClick={() => onState(user.state === 'open' ? 'resolved' : 'open')}>
              {user.state === 'open' ? TC.resolve : TC.reopen}
            </button>
          </>
        )}
      </div>
    </header>
  );
}
