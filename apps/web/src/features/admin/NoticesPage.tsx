import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTICE_TYPES, saveNoticeRequest, type AdminNotice } from '@partsmall/contract';
import { api, messageOf } from '../../shared/api';
import { dateTime } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { CheckField, Field, SelectField, useZodForm } from '../../shared/ui/form';
import { RichTextField } from './RichTextEditor';
import { useNotify } from '../../shared/ui/notify';
import { NoticeHtml } from '../../shared/ui/NoticeHtml';
import { adminKeys, useAdminSave } from './api';
import { useAdminPages } from './list';
import { EditModal } from './components/EditModal';
import { ListToolbar } from './components/ListToolbar';
import { A } from './texts';

const TYPE_OPTIONS = Object.entries(NOTICE_TYPES).map(([v, l]) => ({ value: Number(v), label: l }));

/**
 * Publishes or takes down a notice as it is stored now, its other fields untouched: the list's copy
 * may predate another staff member's edit, which saving it back would undo. The save names the ver it
 * read, so an edit between the read and the save is refused (409) rather than undone.
 */
async function setPublished(seq: number, published: boolean) {
  const { results: n } = await api('adminNoticeDetail', { seq }, { accept: [200] });
  const { type, title, content, popup, ver } = n;
  return api(
    'adminSaveNotice',
    { seq, type: type as 0 | 2 | 3, title, content, popup, published, ver },
    { accept: [200, 201] },
  );
}

/** Notices: list (published or not), create and edit HTML sanitised on the server, type, popup, publish. */
export default function NoticesPage() {
  const [editing, setEditing] = useState<AdminNotice | 'new' | null>(null);
  const notify = useNotify();
  const { table } = useAdminPages('adminNoticeList', {});
  const client = useQueryClient();
  const publish = useMutation({
    mutationFn: (n: AdminNotice) => setPublished(n.seq, !n.published),
    onSettled: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
  const togglePublished = (n: AdminNotice) =>
    publish.mutate(n, {
      onSuccess: () => notify.toast(n.published ? A.notices.unpublished : A.notices.published),
      onError: (e) => void notify.alert(messageOf(e)),
    });
  const columns: Column<AdminNotice>[] = [
    { id: 'seq', header: A.notices.cols.seq, width: 70, className: 'num', cell: (n) => n.seq },
    { id: 'type', header: A.notices.cols.type, width: 120, cell: (n) => NOTICE_TYPES[n.type] ?? n.type },
    { id: 'title', header: A.notices.cols.title, className: 'ellipsis', cell: (n) => n.title },
    {
      id: 'popup',
      header: A.notices.cols.popup,
      width: 60,
      className: 'center',
      cell: (n) => (n.popup ? A.notices.yes : ''),
    },
    {
      id: 'pub',
      header: A.notices.cols.pub,
      width: 90,
      className: 'center',
      cell: (n) => (n.published ? A.notices.live : A.notices.down),
    },
    { id: 'created', header: A.notices.cols.created, width: 130, className: 'date', cell: (n) => dateTime(n.created) },
    {
      id: 'act',
      header: <span className="sr-only">{A.notices.cols.act}</span>,
      width: 200,
      cell: (n) => (
        <span className="admin-actions">
          <button type="button" className="btn btn-small" onClick={() => setEditing(n)}>
            {A.edit}
          </button>
          <button type="button" className="btn btn-small" onClick={() => togglePublished(n)}>
            {n.published ? A.notices.unpublish : A.notices.publish}
          </button>
        </span>
      ),
    },
  ];
  return (
    <section>
      <h1>{A.notices.title}</h1>
      <ListToolbar>
        <button type="button" className="btn btn-small btn-primary" onClick={() => setEditing('new')}>
          {A.notices.write}
        </button>
      </ListToolbar>
      <DataTable label={A.notices.list} columns={columns} {...table} />
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
    <EditModal
      title={notice ? A.notices.editTitle(notice.seq) : A.notices.write}
      onClose={onClose}
      form={form}
      label={A.notices.form}
      onSubmit={save}
      busy={busy}
      after={
        saved && (
          <>
            <h2>{A.notices.savedHtml}</h2>
            {/* Sanitised by the server's allow-list before it was stored (notices/sanitize.ts). */}
            <NoticeHtml className="admin-html-preview" html={saved.content} />
          </>
        )
      }
    >
      <SelectField name="type" label={A.notices.cols.type} options={TYPE_OPTIONS} parse={Number} />
      <Field name="title" label={A.notices.cols.title} className="span2" maxLength={200} />
      <div>
        <CheckField name="popup" label={A.notices.popup} />
        <CheckField name="published" label={A.notices.cols.pub} />
      </div>
      <RichTextField name="content" label={A.notices.content} className="span4" />
    </EditModal>
  );
}
