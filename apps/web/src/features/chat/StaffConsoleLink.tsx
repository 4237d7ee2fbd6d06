import type { ReactNode } from 'react';
import { openPopup, POPUP } from '../../shared/ui/popup';

/**
 * Opens the staff chat console in its 500x728 window (docs/requirements.md#chat-screens). A window opened by script starts
 * with a copy of this tab's sessionStorage, so staff stay logged in there; the plain link is the
 * fallback when the browser blocks the window.
 */
export function StaffConsoleLink({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <a
      href="/chatAdmin"
      target="_blank"
      className={className}
      onClick={(event) => {
        if (openPopup('/chatAdmin', 'chatAdmin', POPUP.staffConsole)) event.preventDefault();
      }}
    >
      {children}
    </a>
  );
}
