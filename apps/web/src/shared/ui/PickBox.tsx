import type { ReactNode } from 'react';

/**
 * A box that picks a row or a group of rows, named for screen readers by `label`; its label element
 * around it is what a click hits (`className` sizes that target), with `children` beside the box.
 */
export function PickBox({
  className,
  checked,
  onToggle,
  label,
  title,
  children,
}: {
  className: string;
  checked: boolean;
  onToggle: () => void;
  label: string;
  title?: string;
  children?: ReactNode;
}) {
  return (
    <label className={className}>
      <input type="checkbox" checked={checked} onChange={onToggle} aria-label={label} title={title} />
      {children}
    </label>
  );
}
