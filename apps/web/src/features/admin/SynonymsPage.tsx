import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { MSG_PART_ADMIN, saveSynonymRequest, type SynonymGroup } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { count } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { Field, Form, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { adminQuery, useAdminSave, useAdminWrite } from './api';
import { A } from './texts';
import { RowButton } from './components/ListParts';

/** Words typed in one line: separated by commas or '=' (벤츠 = 메르세데스 = MB). */
const splitTerms = (text: string) =>
  text
    .split(/[,=]/)
    .map((t) => t.trim())
    .filter((t) => t !== '');
const groupSchema = z.object({
  text: z.string().transform(splitTerms).pipe(saveSynonymRequest.shape.terms),
});
const SEPARATOR = ' = ';

/**
 * The name search's synonyms (docs/search.md#korean-name-search): each group is a set of words the
 * search treats as one (쇼바 = 쇼크업소버). Staff add a group or a pair, change one, or remove one;
 * the server refuses a word already in another group, so a word never leads to two meanings.
 */
export default function SynonymsPage() {
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<SynonymGroup | null>(null);
  const notify = useNotify();
  const list = useQuery(adminQuery('adminSynonymList', {}));
  const remove = useAdminWrite('adminDeleteSynonym');
  const groups = list.data?.results ?? [];
  const needle = filter.trim().toLowerCase();
  const shown = needle ? groups.filter((g) => g.terms.some((t) => t.toLowerCase().includes(needle))) : groups;

  const columns: Column<SynonymGroup>[] = [
    { id: 'seq', header: '번호', width: 70, className: 'num', cell: (g) => g.seq },
    { id: 'terms', header: '같은 뜻으로 찾는 단어', cell: (g) => g.terms.join(SEPARATOR) },
    { id: 'n', header: '단어 수', width: 80, className: 'num', cell: (g) => g.terms.length },
    {
      id: 'act',
      header: <span className="sr-only">작업</span>,
      width: 130,
      cell: (g) => (
        <span className="admin-actions">
          <RowButton aria-label={`${g.terms[0]} 묶음 수정`} onClick={() => setEditing(g)}>
            {A.edit}
          </RowButton>
          <RowButton
            aria-label={`${g.terms[0]} 묶음 삭제`}
            onClick={() =>
              void notify
                .confirm(
                  {
                    title: '동의어 삭제',
                    text: `${g.terms.join(SEPARATOR)} 묶음을 지웁니다. 이름 검색에 바로 반영됩니다.`,
                    confirmLabel: '삭제',
                    busyLabel: '삭제 중...',
                    danger: true,
                  },
                  () => remove.mutateAsync({ seq: g.seq }),
                )
                .then(
                  (a) => {
                    if (!a) return;
                    notify.toast(a.message);
                    if (editing?.seq === g.seq) setEditing(null);
                  },
                  (e: unknown) => void notify.alert(messageOf(e)),
                )
            }
          >
            삭제
          </RowButton>
        </span>
      ),
    },
  ];
  return (
    <section>
      <h1>동의어</h1>
      <p className="field-hint admin-lead">
        이름 검색은 한 묶음의 단어를 같은 뜻으로 찾습니다 (예: 쇼바 = 쇼크업소버). 한 묶음에 2~20개, 한 단어는 한
        묶음에만 둘 수 있습니다.
      </p>
      <SynonymForm key={editing?.seq ?? 'new'} group={editing} onDone={() => setEditing(null)} />
      <div className="admin-toolbar">
        <label className="admin-inline-filter">
          단어로 찾기{' '}
          <input value={filter} onChange={(e) => setFilter(e.target.value)} aria-label="동의어 찾기" maxLength={30} />
        </label>
        <span>
          {needle ? `${count(shown.length)} / ` : ''}총 {count(groups.length)}묶음
        </span>
      </div>
      <DataTable
        label="동의어 목록"
        rows={shown}
        rowKey={(g) => g.seq}
        pageSize={20}
        columns={columns}
        loading={list.isFetching && !list.data}
        error={list.error ? messageOf(list.error) : null}
      />
    </section>
  );
}

/** A new group, or the group being changed: its words in one line. */
function SynonymForm({ group, onDone }: { group: SynonymGroup | null; onDone: () => void }) {
  const form = useZodForm(groupSchema, { text: group ? group.terms.join(SEPARATOR) : '' });
  const { save, busy } = useAdminSave('adminSaveSynonym', () => {
    form.reset({ text: '' });
    onDone();
  });
  return (
    <Form
      form={form}
      alertInvalid
      className="admin-form-grid admin-synonym-form"
      aria-label={group ? `동의어 묶음 ${group.seq} 수정` : '동의어 추가'}
      onSubmit={(v) => save(group ? { seq: group.seq, terms: v.text } : { terms: v.text })}
    >
      <Field
        name="text"
        label={group ? `묶음 ${group.seq}의 단어 (쉼표 또는 = 로 구분)` : '새 묶음의 단어 (쉼표 또는 = 로 구분)'}
        hint={MSG_PART_ADMIN.synonymTerms}
        placeholder="쇼바 = 쇼크업소버 = 댐퍼"
        className="span2"
        maxLength={700}
        autoComplete="off"
      />
      <span className="admin-actions">
        <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
          {busy ? A.saving : group ? '묶음 저장' : '묶음 추가'}
        </button>
        {group && (
          <button type="button" className="btn btn-small" onClick={onDone}>
            {A.cancel}
          </button>
        )}
      </span>
    </Form>
  );
}
