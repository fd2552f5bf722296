import { Extension } from '@tiptap/core';
import { EditorContent, type Editor, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { i18next } from '../../../lib/i18n';
import en from './en.json';
import pl from './pl.json';
import styles from './rich-text-editor.module.css';
import { RedoIcon, UndoIcon } from '../../ui/icons';

i18next.addResourceBundle('pl', 'richTextEditor', pl, true, false);
i18next.addResourceBundle('en', 'richTextEditor', en, true, false);

/** Addresses a link may have: the sanitiser keeps the same ones (packages/shared/src/html/sanitize.ts). */
const LINK_ADDRESS = /^(https?:\/\/[^\s]+|mailto:[^\s@]+@[^\s@]+|tel:\+?[\d\s()-]{3,})$/i;

export const isAllowedLink = (address: string): boolean => LINK_ADDRESS.test(address.trim());

/** The editor's HTML, '' for an empty document (`<p></p>`), so that "required" can be checked. */
export function editorHtml(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

export type RichTextEditorProps = {
  /** The visible label of the field (also names the toolbar). */
  label: ReactNode;
  /** The label as text, for the toolbar's accessible name. */
  labelText: string;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** The language the text is written in (`lang` of the editing area: screen readers, spelling). */
  contentLang?: 'pl' | 'en';
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  id?: string;
};

type Command = {
  key: string;
  glyph: ReactNode;
  shortcut?: string;
  run: (editor: Editor) => void;
  active?: (editor: Editor) => boolean;
  enabled?: (editor: Editor) => boolean;
};

const COMMANDS: Command[] = [
  {
    key: 'paragraph',
    glyph: '¶',
    shortcut: 'Control+Alt+0',
    run: (e) => e.chain().focus().setParagraph().run(),
    active: (e) => e.isActive('paragraph'),
  },
  {
    key: 'heading2',
    glyph: 'H2',
    shortcut: 'Control+Alt+2',
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive('heading', { level: 2 }),
  },
  {
    key: 'heading3',
    glyph: 'H3',
    shortcut: 'Control+Alt+3',
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
    active: (e) => e.isActive('heading', { level: 3 }),
  },
  {
    key: 'bold',
    glyph: <strong>B</strong>,
    shortcut: 'Control+B',
    run: (e) => e.chain().focus().toggleBold().run(),
    active: (e) => e.isActive('bold'),
  },
  {
    key: 'italic',
    glyph: <em>I</em>,
    shortcut: 'Control+I',
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive('italic'),
  },
  {
    key: 'bulletList',
    glyph: '•≡',
    shortcut: 'Control+Shift+8',
    run: (e) => e.chain().focus().toggleBulletList().run(),
    active: (e) => e.isActive('bulletList'),
  },
  {
    key: 'orderedList',
    glyph: '1.≡',
    shortcut: 'Control+Shift+7',
    run: (e) => e.chain().focus().toggleOrderedList().run(),
    active: (e) => e.isActive('orderedList'),
  },
];

/**
 * The console's rich-text field (Tiptap): headings, paragraphs, bold, italic, lists and links, nothing
 * the member pages' sanitiser would drop. The toolbar follows the WAI-ARIA toolbar pattern (one tab
 * stop, arrow keys between its buttons, `aria-pressed` on toggles, `aria-keyshortcuts`); the usual
 * shortcuts work in the text (Ctrl+B, Ctrl+I, Ctrl+Alt+2, Ctrl+K for a link, …). The HTML it gives is
 * sanitised again by the server before it is stored.
 */
export function RichTextEditor({
  label,
  labelText,
  value,
  onChange,
  onBlur,
  contentLang,
  error,
  hint,
  required,
  id,
}: RichTextEditorProps) {
  const { t } = useTranslation('richTextEditor');
  const auto = useId();
  const fieldId = id ?? auto;
  const labelId = `${fieldId}-label`;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const shortcutsId = `${fieldId}-shortcuts`;
  const [linkOpen, setLinkOpen] = useState(false);
  const openLinkRef = useRef<() => void>(() => {});
  const emitted = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const onBlurRef = useRef(onBlur);
  onBlurRef.current = onBlur;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        // No empty paragraph added after a list or heading at the end: it would be stored as is.
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['mailto', 'tel'],
          isAllowedUri: (url) => isAllowedLink(url),
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
        },
      }),
      Extension.create({
        name: 'clubLinkShortcut',
        addKeyboardShortcuts: () => ({
          'Mod-k': () => {
            openLinkRef.current();
            return true;
          },
        }),
      }),
    ],
    content: value,
    onUpdate: ({ editor: e }) => {
      const html = editorHtml(e);
      emitted.current = html;
      onChangeRef.current(html);
    },
    onBlur: () => onBlurRef.current?.(),
  });

  // A value set from outside (a reload after a stale save, a reset): shown without a change event.
  useEffect(() => {
    if (!editor || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  // The editing area is the labelled, described text box of the field.
  useEffect(() => {
    if (!editor) return;
    const describedBy = [error ? errorId : '', hint ? hintId : '', shortcutsId].filter(Boolean).join(' ');
    editor.setOptions({
      editorProps: {
        attributes: {
          id: fieldId,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          'aria-describedby': describedBy,
          ...(error ? { 'aria-invalid': 'true' } : {}),
          ...(required ? { 'aria-required': 'true' } : {}),
          ...(contentLang ? { lang: contentLang } : {}),
          class: styles.content ?? '',
        },
      },
    });
  }, [editor, error, hint, required, contentLang, fieldId, labelId, errorId, hintId, shortcutsId]);

  openLinkRef.current = () => setLinkOpen(true);

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            active: Object.fromEntries(COMMANDS.map((c) => [c.key, c.active?.(e) ?? false])),
            link: e.isActive('link'),
            linkHref: (e.getAttributes('link').href as string | undefined) ?? '',
            empty: e.state.selection.empty,
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });

  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.label}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </span>
      <div className={styles.frame} data-invalid={error ? 'true' : undefined}>
        {editor && state && (
          <Toolbar
            label={t('toolbar', { label: labelText })}
            controls={fieldId}
            items={[
              ...COMMANDS.map((c) => ({
                key: c.key,
                glyph: c.glyph,
                label: t(c.key),
                shortcut: c.shortcut,
                pressed: state.active[c.key] ?? false,
                onPress: () => c.run(editor),
              })),
              {
                key: 'link',
                glyph: <LinkIcon />,
                label: t('link'),
                shortcut: 'Control+K',
                pressed: state.link,
                onPress: () => setLinkOpen((open) => !open),
              },
              {
                key: 'unlink',
                glyph: <LinkIcon broken />,
                label: t('unlink'),
                disabled: !state.link,
                onPress: () => editor.chain().focus().extendMarkRange('link').unsetLink().run(),
              },
              {
                key: 'undo',
                glyph: <UndoIcon />,
                label: t('undo'),
                shortcut: 'Control+Z',
                disabled: !state.canUndo,
                onPress: () => editor.chain().focus().undo().run(),
              },
              {
                key: 'redo',
                glyph: <RedoIcon />,
                label: t('redo'),
                shortcut: 'Control+Shift+Z',
                disabled: !state.canRedo,
                onPress: () => editor.chain().focus().redo().run(),
              },
            ]}
          />
        )}
        {editor && linkOpen && state && (
          <LinkForm
            initial={state.linkHref}
            needsText={state.empty && !state.link}
            onApply={(href) => {
              setLinkOpen(false);
              editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
            }}
            onCancel={() => {
              setLinkOpen(false);
              editor.commands.focus();
            }}
          />
        )}
        <EditorContent editor={editor} />
      </div>
      <span id={shortcutsId} className={styles.srOnly}>
        {t('shortcuts')}
      </span>
      {hint && (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
    </div>
  );
}

type ToolbarItem = {
  key: string;
  glyph: ReactNode;
  label: string;
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  onPress: () => void;
};

/** WAI-ARIA toolbar: one tab stop; arrows, Home and End move between the buttons. */
function Toolbar({ label, controls, items }: { label: string; controls: string; items: ToolbarItem[] }) {
  const [current, setCurrent] = useState(0);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (to: number) => {
    const index = (to + items.length) % items.length;
    setCurrent(index);
    refs.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, () => void> = {
      ArrowRight: () => move(current + 1),
      ArrowLeft: () => move(current - 1),
      Home: () => move(0),
      End: () => move(items.length - 1),
    };
    const action = keys[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  };
  return (
    <div
      role="toolbar"
      aria-label={label}
      aria-controls={controls}
      className={styles.toolbar}
      onKeyDown={onKeyDown}
    >
      {items.map((item, index) => (
        <button
          key={item.key}
          ref={(el) => {
            refs.current[index] = el;
          }}
          type="button"
          className={styles.tool}
          tabIndex={index === current ? 0 : -1}
          aria-label={item.label}
          title={item.shortcut ? `${item.label} (${item.shortcut.replace('Control', 'Ctrl')})` : item.label}
          aria-keyshortcuts={item.shortcut}
          aria-pressed={item.pressed === undefined || item.disabled !== undefined ? undefined : item.pressed}
          aria-disabled={item.disabled || undefined}
          onFocus={() => setCurrent(index)}
          // The text keeps its selection: the button does not take focus from it on a mouse press.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (!item.disabled) item.onPress();
          }}
        >
          <span aria-hidden="true">{item.glyph}</span>
        </button>
      ))}
    </div>
  );
}

function LinkForm({
  initial,
  needsText,
  onApply,
  onCancel,
}: {
  initial: string;
  needsText: boolean;
  onApply: (href: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('richTextEditor');
  const id = useId();
  const [address, setAddress] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (needsText) return setProblem(t('linkNeedsText'));
    if (!isAllowedLink(address)) return setProblem(t('linkInvalid'));
    onApply(address.trim());
  };
  // Not a <form>: the editor usually sits inside the screen's own form.
  return (
    <div className={styles.linkForm}>
      <label htmlFor={id} className={styles.label}>
        {t('linkAddress')}
      </label>
      <input
        ref={input}
        id={id}
        className={styles.linkInput}
        type="text"
        inputMode="url"
        value={address}
        placeholder={t('linkHint')}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(event) => {
          setAddress(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit(event);
          if (event.key === 'Escape') {
            event.preventDefault();
            onCancel();
          }
        }}
      />
      <div className={styles.linkActions}>
        <button type="button" className={styles.linkApply} onClick={() => submit()}>
          {t('linkApply')}
        </button>
        <button type="button" className={styles.linkCancel} onClick={onCancel}>
          {t('linkCancel')}
        </button>
      </div>
      {problem && (
        <span id={`${id}-error`} role="alert" className={styles.error}>
          {problem}
        </span>
      )}
    </div>
  );
}

/** The chain of the link button; `broken` crosses it out for the unlink button. */
function LinkIcon({ broken = false }: { broken?: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <path d="M10 13a5 5 0 0 0 7.07 0l3-3a5 5 0 0 0-7.07-7.07l-1.5 1.5" />
      <path d="M14 11a5 5 0 0 0-7.07 0l-3 3a5 5 0 0 0 7.07 7.07l1.5-1.5" />
      {broken && <path d="M3 3l18 18" />}
    </svg>
  );
}
