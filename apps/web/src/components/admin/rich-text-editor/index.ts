export { editorHtml, isAllowedLink, RichTextEditor, type RichTextEditorProps } from './rich-text-editor';
