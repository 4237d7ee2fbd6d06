import { useState } from 'react';
import { inquiryAnswerRequest, type AdminInquiry } from '@partsmall/contract';
import { messageOf, type Payload } from '../../shared/api';
import { dateTime, phone } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { DetailList } from '../../shared/ui/DetailList';
import { Form, TextAreaField, useZodForm } from '../../shared/ui/form';
import { Modal } from '../../shared/ui/Modal';
import { useNotify } from '../../shared/ui/notify';
import { useAdminWrite } from './api';
import { openColumn } from './columns';
import { useAdminPages } from './list';
import { A } from './texts';

/** Inquiries from the public form: list by state, read, answer, close. */
/** The statuses the filter offers: the contract's. */
type Status = NonNullable<Payload<'adminInquiryList'>['status']>;

export default function InquiriesPage() {
  const [status, setStatus] = useState('open');
  const [open, setOpen] = useState<AdminInquiry | null>(null);
  const { table, setPage } = useAdminPages('adminInquiryList', status ? { status: status as Status } : {});
  const columns: Column<AdminInquiry>[] = [
    { id: 'seq', header: A.inquiries.cols.seq, width: 70, className: 'num', cell: (i) => i.seq },
    { id: 'type', header: A.inquiries.cols.type, width: 70, cell: (i) => A.qnaTypes[i.qnaType] ?? i.qnaType },
    { id: 'content', header: A.inquiries.cols.content, className: 'ellipsis', cell: (i) => i.content },
    { id: 'phone', header: A.inquiries.cols.phone, width: 130, cell: (i) => phone(i.phone) },
    { id: 'member', header: A.inquiries.cols.member, width: 90, cell: (i) => i.memberName || A.inquiries.guest },
    {
      id: 'status',
      header: A.inquiries.cols.status,
      width: 80,
      className: 'center',
      cell: (i) => A.inquiryStatus[i.status] ?? i.status,
    },
    {
      id: 'created',
      header: A.inquiries.cols.created,
      width: 130,
      className: 'date',
      cell: (i) => dateTime(i.created),
    },
    openColumn('open', A.detail, setOpen),
  ];
  return (
    <section>
      <h1>{A.inquiries.title}</h1>
      <div className="admin-filters" role="group" aria-label={A.inquiries.statusGroup}>
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
      <DataTable label={A.inquiries.list} columns={columns} {...table} />
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
    <Modal title={A.inquiries.modalTitle(inquiry.seq)} onClose={onClose} size="wide" className="admin-wide">
      <DetailList
        className="admin-dl"
        items={[
          { label: A.inquiries.cols.type, value: A.qnaTypes[current.qnaType] ?? current.qnaType },
          { label: A.inquiries.cols.phone, value: phone(current.phone) },
          { label: A.inquiries.cols.received, value: dateTime(current.created) },
          { label: A.inquiries.cols.status, value: A.inquiryStatus[current.status] },
          { label: A.inquiries.cols.content, value: current.content, style: { whiteSpace: 'pre-wrap' } },
        ]}
      />
      <Form form={form} aria-label={A.inquiries.answer} onSubmit={(v) => answer.mutate(v, done)}>
        <TextAreaField name="answer" label={A.inquiries.answerField} rows={5} maxLength={2000} disabled={closed} />
        <div className="admin-actions">
          <button
            type="submit"
            className="btn btn-primary btn-small"
            disabled={closed || answer.isPending}
            title={closed ? A.inquiries.closedHint : undefined}
          >
            {A.inquiries.saveAnswer}
          </button>
          <button
            type="button"
            className="btn btn-small"
            disabled={closed || close.isPending}
            onClick={() => close.mutate({ seq: current.seq }, done)}
          >
            {A.inquiries.close}
          </button>
        </div>
      </Form>
    </Modal>
  );
}
