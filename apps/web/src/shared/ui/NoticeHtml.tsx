import { useEffect, useRef } from 'react';

/**
 * A notice's HTML as the server sanitised it (docs/security.md#notice-html), in the notice type
 * (ui.css `.notice-content`). A table wider than the column scrolls sideways in its own box, so each
 * table is a keyboard stop whose arrows scroll it, as a scrolling region must be
 * (docs/requirements.md#look-and-language).
 */
export function NoticeHtml({ html, className }: { html: string; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const table of box.current?.querySelectorAll('table') ?? []) table.tabIndex = 0;
  }, [html]);
  return (
    <div
      ref={box}
      className={className ? `${className} notice-content` : 'notice-content'}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
