import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { inquiryAnswerRequest, type AdminInquiry } from '@partsmall/contract';
import { messageOf, type Payload } from '../../shared/api';
import { dateTime, phone } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { DetailList } from '../../shared/ui/DetailList';
import { Form, TextAreaField, useZodForm } from '../../shared/ui/form';
import { Modal } from '../../shared/ui/Modal';
import { useNotify } from '../../shared/ui/notify';
import { adminQuery, useAdminWrite } from './api';
import { openColumn } from './columns';
import { A } from './texts';

/** Inquiries from the public form: list by state, read, answer, close. */
/** The statuses the filter offers: the contract's. */
type Status = NonNullable<Payload<'adminInquiryList'>['status']>;

export default function InquiriesPage() {
  const [status, setStatus] = useState('open');
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AdminInquiry | null>(null);
  const list = useQuery(
    adminQuery('adminInquiryList', { ...(status ? { status: status as Status } : {}), page, size: 20 }),
  );
  const columns: Column<AdminInquiry>[] = [
    { id: 'seq', header: '번호', width: 70, className: 'num', cell: (i) => i.seq },
    { id: 'type', header: '유형', width: 70, cell: (i) => A.qnaTypes[i.qnaType] ?? i.qnaType },
    { id: 'content', header: '내용', className: 'ellipsis', cell: (i) => i.content },
    { id: 'phone', header: '연락처', width: 130, cell: (i) => phone(i.phone) },
    { id: 'member', header: '회원', width: 90, cell: (i) => i.memberName || '비회원' },
    {
      id: 'status',
      header: '상태',
      width: 80,
      className: 'center',
      cell: (i) => A.inquiryStatus[i.status] ?? i.status,
    },
    { id: 'created', header: '접수일시', width: 130, className: 'date', cell: (i) => dateTime(i.created) },
    openColumn('open', A.detail, setOpen),
  ];
  return (
    <section>
      <h1>문의</h1>
      <div className="admin-filters" role="group" aria-label="문의 상태">
        {['open', 'answered', 'closed', ''].map((s) => (
          <button
            key={s || 'all'}
            type="button"
            className={`btn btn-small${status === s ? ' btn-primary' : ''}`}
            onClick={() => (setStatus(s), setPage(1))}
          >
            {s ? A.inquiryStatus[s] : A.all}
          </button>
        ))}
      </div>
      <DataTable label="문의 목록" query={list} columns={columns} paging={{ page, size: 20, onPage: setPage }} />
      {open && <InquiryModal inquiry={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function InquiryModal({ inquiry, onClose }: { inquiry: AdminInquiry; onClose: () => void }) {
  const notify = useNotify();
  const [current, setCurrent] = useState(inquiry);
  const form = useZodForm(inquiryAnswerRequest, { seq: inquiry.seq, answer: inquiry.answer });
  const answer = useAdminWrite('adminAnswerInquiry');
  const close = useAdminWrite('adminCloseInquiry');
  const done = {
    onSuccess: (a: { message: string; results: AdminInquiry }) => (notify.toast(a.message), setCurrent(a.results)),
    onError: (e: unknown) => void notify.alert(messageOf(e)),
  };
  const closed = current.status === 'closed';
  return (
    <Modal title={`문의 #${inquiry.seq}`} onClose={onClose} size="wide" className="admin-wide">
      <DetailList
        className="admin-dl"
        items={[
          { label: '유형', value: A.qnaTypes[current.qnaType] ?? current.qnaType },
          { label: '연락처', value: phone(current.phone) },
          { label: '접수', value: dateTime(current.created) },
          { label: '상태', value: A.inquiryStatus[current.status] },
          { label: '내용', value: current.content, style: { whiteSpace: 'pre-wrap' } },
        ]}
      />
      <Form form={form} aria-label="답변" onSubmit={(v) => answer.mutate(v, done)}>
        <TextAreaField name="answer" label="답변 (고객에게 연락한 내용)" rows={5} maxLength={2000} disabled={closed} />
        <div className="admin-actions">
          <button
            type="submit"
            className="btn btn-primary btn-small"
            disabled={closed || answer.isPending}
            title={closed ? '종료된 문의입니다.' : undefined}
          >
            답변 저장
          </button>
          <button
            type="button"
            className="btn btn-small"
            disabled={closed || close.isPending}
            onClick={() => close.mutate({ seq: current.seq }, done)}
          >
            문의 종료
          </button>
        </div>
      </Form>
    </Modal>
  );
}
