import type { ButtonHTMLAttributes } from 'react';

/** A row's small button (수정, 삭제, 비밀번호 초기화, 정지). */
export function RowButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>) {
  return <button type="button" className="btn btn-small" {...props} />;
}
