import { COMPANY_LEVEL_NAMES, type CompanyLevel } from '@partsmall/contract';
import { TC } from '../texts';
import '../chat.css';

/** The level icon of the chat header: a coloured badge with the level's name. */
export function LevelIcon({ level }: { level: CompanyLevel | null | undefined }) {
  if (!level) return null;
  return (
    <span className={`level-badge level-${level}`} data-testid="chat-level">
      {COMPANY_LEVEL_NAMES[level]}
    </span>
  );
}

/** Says so while the chat is not connected. */
export function ConnectionLine({ status }: { status: string }) {
  if (status === 'online') return null;
  return (
    <p className="chat-status" role="status">
      {status === 'connecting' ? TC.connecting : TC.reconnecting}
    </p>
  );
}
