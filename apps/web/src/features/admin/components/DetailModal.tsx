import type { ReactNode } from 'react';
import { Modal } from '../../../shared/ui/Modal';
import { Pending } from '../../../shared/ui/states';

/** One record read in a wide modal: the read's error or a spinner until it answers, then its body. */
export function DetailModal<T>({
  title,
  onClose,
  query,
  children,
}: {
  title: string;
  onClose: () => void;
  query: { data?: { results: T }; error: unknown };
  children: (data: T) => ReactNode;
}) {
  const data = query.data?.results;
  return (
    <Modal title={title} onClose={onClose} className="admin-wide" size="wide">
      {data === undefined ? <Pending error={query.error} errorClassName="admin-error" /> : children(data)}
    </Modal>
  );
}
