import type { ReactNode } from 'react';
import '../management.css';

/** Heading of a member-area screen with its intro line and optional tools on the right. */
export function SectionHead({ title, intro, children }: { title: string; intro?: string; children?: ReactNode }) {
  return (
    <header className="mg-head">
      <div>
        <h2 className="mg-title">{title}</h2>
        {intro && <p className="mg-intro">{intro}</p>}
      </div>
      {children && <div className="mg-head-tools">{children}</div>}
    </header>
  );
}
