import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { MSG_PART_ADMIN, saveSynonymRequest, type SynonymGroup } from '@partsmall/contract';
import { messageOf } from '../../shared/api';
import { count } from '../../shared/format';
import { DataTable, type Column } from '../../shared/ui/DataTable';
import { ellipsisColumn } from '../../shared/ui/columns';
import { Field, Form, useZodForm } from '../../shared/ui/form';
import { useNotify } from '../../shared/ui/notify';
import { adminQuery, useAdminSave, useAdminWrite } from './api';
import { A } from './texts';
import { RowButton } from './components/RowButton';

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
    { id: 'seq', header: A.synonyms.cols.seq, width: 70, className: 'num', cell: (g) => g.seq },
    // One line, cut with … where the column is narrow (a phone): the whole group is its title and its 수정 form.
    ellipsisColumn('terms', A.synonyms.cols.terms, (g) => g.terms.join(SEPARATOR)),
    { id: 'n', header: A.synonyms.cols.n, width: 80, className: 'num', cell: (g) => g.terms.length },
    {
      id: 'act',
      header: <span className="sr-only">{A.synonyms.cols.act}</span>,
      width: 130,
      cell: (g) => (
        <span className="admin-actions">
          <RowButton aria-label={A.synonyms.editOf(g.terms[0] ?? '')} onClick={() => setEditing(g)}>
            {A.edit}
          </RowButton>
          <RowButton
            aria-label={A.synonyms.removeOf(g.terms[0] ?? '')}
            onClick={() =>
              void notify
                .confirm(
                  {
                    title: A.synonyms.removeTitle,
                    text: A.synonyms.removeText(g.terms.join(SEPARATOR)),
                    confirmLabel: A.synonyms.remove,
                    busyLabel: A.synonyms.removing,
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
            {A.synonyms.remove}
          </RowButton>
        </span>
      ),
    },
  ];
  return (
    <section>
      <h1>{A.synonyms.title}</h1>
      <p className="field-hint admin-lead">{A.synonyms.lead}</p>
      <SynonymForm key={editing?.seq ?? 'new'} group={editing} onDone={() => setEditing(null)} />
      <div className="admin-toolbar">
        <label className="admin-inline-filter">
          {A.synonyms.find}{' '}
          <input
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            aria-label={A.synonyms.findLabel}
            maxLength={30}
          />
        </label>
        <span>
          {needle ? `${count(shown.length)} / ` : ''}
          {A.synonyms.total(count(groups.length))}
        </span>
      </div>
      <DataTable
        label={A.synonyms.list}
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
      aria-label={group ? A.synonyms.editGroup(group.seq) : A.synonyms.add}
      onSubmit={(v) => save(group ? { seq: group.seq, terms: v.text } : { terms: v.text })}
    >
      <Field
        name="text"
        label={group ? A.synonyms.groupWords(group.seq) : A.synonyms.newWords}
        hint={MSG_PART_ADMIN.synonymTerms}
        placeholder={A.synonyms.example}
        className="span2"
        maxLength={700}
        autoComplete="off"
      />
      <span className="admin-actions">
        <button type="submit" className="btn btn-small btn-primary" disabled={busy}>
          {busy ? A.saving : group ? A.synonyms.saveGroup : A.synonyms.addGroup}
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
