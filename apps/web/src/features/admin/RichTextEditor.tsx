import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import Image from '@tiptap/extension-image';
import { FieldShell } from '../../shared/ui/form';
import { A } from './texts';

/**
 * A rich-text field of the surrounding Form (tiptap: StarterKit with its Link and Underline, plus
 * tables and images so the shop's existing notices keep theirs). The form holds HTML; the server
 * still cleans it with its allow-list before storing (notices/sanitize.ts).
 */
export function RichTextField({ name, label, className }: { name: string; label: string; className?: string }) {
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  const id = `f-${name}`;
  const error = fieldState.error?.message;
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        trailingNode: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'], defaultProtocol: 'https' },
      }),
      Table.configure({ resizable: false }),
      TableRow,
      TableHeader,
      TableCell,
      Image,
    ],
    content: (field.value as string | undefined) ?? '',
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'rte-content notice-content',
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
      },
    },
    // An empty document is '' for the form, so the schema's 'enter the content' message shows.
    onUpdate: ({ editor: e }) => field.onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => field.onBlur(),
  });
  return (
    <FieldShell id={id} label={label} error={error} className={className}>
      <div className={['rte', error ? 'rte-invalid' : ''].filter(Boolean).join(' ')}>
        {editor && <Toolbar editor={editor} />}
        <EditorContent editor={editor} />
      </div>
    </FieldShell>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const [href, setHref] = useState('https://');
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      heading: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      link: e.isActive('link'),
      table: e.isActive('table'),
    }),
  });
  const chain = () => editor.chain().focus();
  const tools: [label: string, active: boolean, run: () => void][] = [
    [A.editor.bold, state.bold, () => chain().toggleBold().run()],
    [A.editor.italic, state.italic, () => chain().toggleItalic().run()],
    [A.editor.underline, state.underline, () => chain().toggleUnderline().run()],
    [A.editor.heading, state.heading, () => chain().toggleHeading({ level: 3 }).run()],
    [A.editor.bullets, state.bullet, () => chain().toggleBulletList().run()],
    [A.editor.numbered, state.ordered, () => chain().toggleOrderedList().run()],
    [A.editor.insertTable, false, () => chain().insertTable({ rows: 3, cols: 2, withHeaderRow: true }).run()],
  ];
  return (
    <div className="rte-toolbar" role="toolbar" aria-label={A.editor.toolbar}>
      {tools.map(([label, active, run]) => (
        <button
          key={label}
          type="button"
          className={active ? 'btn btn-small active' : 'btn btn-small'}
          aria-pressed={active}
          onClick={run}
        >
          {label}
        </button>
      ))}
      {state.table && (
        <>
          <button type="button" className="btn btn-small" onClick={() => chain().addRowAfter().run()}>
            {A.editor.addRow}
          </button>
          <button type="button" className="btn btn-small" onClick={() => chain().deleteTable().run()}>
            {A.editor.deleteTable}
          </button>
        </>
      )}
      <span className="rte-link">
        <input aria-label={A.editor.linkUrl} value={href} maxLength={500} onChange={(e) => setHref(e.target.value)} />
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            const url = href.trim();
            // Only web and mail links; anything else is left alone (the server drops it too).
            if (/^(https?:\/\/|mailto:)\S+$/i.test(url)) chain().extendMarkRange('link').setLink({ href: url }).run();
          }}
        >
          {A.editor.link}
        </button>
        {state.link && (
          <button
            type="button"
            className="btn btn-small"
            onClick={() => chain().extendMarkRange('link').unsetLink().run()}
          >
            {A.editor.unlink}
          </button>
        )}
      </span>
    </div>
  );
}
