export { RichTextEditor } from './rich-text-editor';
// The editor in its own chunk: import `LazyRichTextEditor` from './rich-text-editor/lazy' (not from here,
// which would bring the editor into the importing chunk).
