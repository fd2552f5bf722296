import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './rich-text-editor';
import styles from './rich-text-editor.module.css';

const Editor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

/**
 * The rich-text editor in its own chunk (Tiptap and ProseMirror weigh some 130 KB gzip): a screen that
 * lists content and edits it on demand (the FAQ) loads it with the first form it opens. Until it
 * arrives the field shows its label and an empty frame of the same height, so nothing jumps.
 */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div className={styles.field} aria-busy="true">
          <span className={styles.label}>{props.label}</span>
          <div className={styles.frame}>
            <div className={styles.placeholder} />
          </div>
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
