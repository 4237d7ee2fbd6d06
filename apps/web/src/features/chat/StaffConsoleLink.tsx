import type { ReactNode } from 'react';
import { STAFF_CONSOLE_PATH } from '../../shared/paths';
import { openPopup, POPUP } from '../../shared/ui/popup';

/**
 * Opens the staff chat console in its 500x728 window (docs/requirements.md#chat-screens). A window opened by script starts
 * with a copy of this tab's sessionStorage, so staff stay logged in there; the plain link is the
 * fallback when the browser blocks the window.
 */
export function StaffConsoleLink({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <a
      href={STAFF_CONSOLE_PATH}
      target="_blank"
      className={className}
      onClick={(event) => {
        if (openPopup(STAFF_CONSOLE_PATH, 'chatAdmin', POPUP.staffConsole)) event.preventDefault();
      }}
    >
      {children}
    </a>
  );
}
