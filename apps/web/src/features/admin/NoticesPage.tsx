import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { NOTICE_TYPES, saveNoticeRequest, type AdminNotice } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { dateTime } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { CheckField, Field, SelectField, useZodForm } from '../../shared/ui/form';
import { RichTextField } from './RichTextEditor';
import { ModalForm } from '../../shared/ui/ModalForm';
import { useNotify } from '../../shared/ui/notify';
import { adminQuery, useAdminSave, useAdminWrite } from './api';
import { SaveRow } from './fields';
import { ListToolbar } from './components/ListParts';
import { A } from './texts';

const TYPE_OPTIONS = Object.entries(NOTICE_TYPES).map(([v, l]) => ({ value: Number(v), label: l }));

/** Notices: list (published or not), create and edit HTML sanitised on the server, type, popup, publish. */
export default function NoticesPage() {
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<AdminNotice | 'new' | null>(null);
  const notify = useNotify();
  const list = useQuery(adminQuery('adminNoticeList', { page, size: 20 }));
  const save = useAdminWrite('adminSaveNotice');
  const togglePublished = (n: AdminNotice) =>
    save.mutate(
      { ...n, type: n.type as 0 | 2 | 3, published: !n.published },
      {
        onSuccess: () => notify.toast(n.published ? '게시를 내렸습니다.' : '게시했습니다.'),
        onError: (e) => void notify.alert(messageOf(e)),
      },
    );
  const columns: Column<AdminNotice>[] = [
    { id: 'seq', header: '번호', width: 70, className: 'num', cell: (n) => n.seq },
    { id: 'type', header: '구분', width: 120, cell: (n) => NOTICE_TYPES[n.type] ?? n.type },
    { id: 'title', header: '제목', className: 'ellipsis', cell: (n) => n.title },
    { id: 'popup', header: '팝업', width: 60, className: 'center', cell: (n) => (n.popup ? '예' : '') },
    { id: 'pub', header: '게시', width: 90, className: 'center', cell: (n) => (n.published ? '게시 중' : '내림') },
    { id: 'created', header: '작성일시', width: 130, className: 'date', cell: (n) => dateTime(n.created) },
    {
      id: 'act',
      header: <span className="sr-only">작업</span>,
      width: 200,
      cell: (n) => (
        <span className="admin-actions">
          <button type="button" className="btn btn-small" onClick={() => setEditing(n)}>
            {A.edit}
          </button>
          <button type="button" className="btn btn-small" onClick={() => togglePublished(n)}>
            {n.published ? '게시 내리기' : '게시하기'}
          </button>
        </span>
      ),
    },
  ];
  return (
    <section>
      <h1>공지사항</h1>
      <ListToolbar>
        <button type="button" className="btn btn-small btn-primary" onClick={() => setEditing('new')}>
          공지 쓰기
        </button>
      </ListToolbar>
      <DataTable label="공지 목록" query={list} columns={columns} paging={{ page, size: 20, onPage: setPage }} />
      {editing && <NoticeModal notice={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

function NoticeModal({ notice, onClose }: { notice: AdminNotice | null; onClose: () => void }) {
  const [saved, setSaved] = useState<AdminNotice | null>(notice);
  const form = useZodForm(
    saveNoticeRequest,
    notice
      ? { ...notice, type: notice.type as 0 | 2 | 3 }
      : { type: 0, title: '', content: '', popup: false, published: true },
  );
  const { save, busy } = useAdminSave('adminSaveNotice', (a) => {
    setSaved(a.results);
    form.reset({ ...a.results, type: a.results.type as 0 | 2 | 3 });
  });
  return (
    <ModalForm
      title={notice ? `공지 수정 #${notice.seq}` : '공지 쓰기'}
      onClose={onClose}
      className="admin-wide"
      size="wide"
      form={form}
      label="공지"
      onSubmit={save}
      after={
        saved && (
          <>
            <h2>저장된 내용 (서버에서 정리된 HTML)</h2>
            {/* Sanitised by the server's allow-list before it was stored (notices/sanitize.ts). */}
            <div className="admin-html-preview notice-content" dangerouslySetInnerHTML={{ __html: saved.content }} />
          </>
        )
      }
    >
      <div className="admin-form-grid">
        <SelectField name="type" label="구분" options={TYPE_OPTIONS} parse={Number} />
        <Field name="title" label="제목" className="span2" maxLength={200} />
        <div>
          <CheckField name="popup" label="홈 팝업에 표시" />
          <CheckField name="published" label="게시" />
        </div>
        <RichTextField
          name="content"
          label="내용 (저장할 때 스크립트·허용되지 않은 태그는 서버에서 지웁니다)"
          className="span4"
        />
      </div>
      <SaveRow busy={busy} />
    </ModalForm>
  );
}
