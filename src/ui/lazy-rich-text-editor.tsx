import { Box, Textarea } from '@chakra-ui/react';
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import type { Editor } from '@tiptap/react';
import { htmlToPlainText, plainTextToHtml } from './plain-text-html.ts';
import type { RichTextEditorProps } from './rich-text-editor.tsx';

type EditorModule = { RichTextEditor: ComponentType<RichTextEditorProps> };

let loaded: Promise<EditorModule> | null = null;
/** TipTap and ProseMirror (about 110 KB): one download for every field that asks. */
function loadEditor(): Promise<EditorModule> {
  loaded ??= import('./rich-text-editor.tsx');
  return loaded;
}

/** Runs `run` once the page is idle (or after a while where the browser has no idle callback). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 5000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(run, 2000);
  return () => window.clearTimeout(handle);
}

/** Height of the editor's toolbar (sm buttons, py 1, its border): kept by the plain area so the takeover does not move the page. */
const TOOLBAR_HEIGHT = 'calc(2.75rem + 1px)';

/**
 * The rich-text editor without making the form wait for it (issue 32): a plain text area is there
 * from the first render, and the editor is downloaded when the area is first focused or once the
 * page is idle. It then takes over with what was typed (one paragraph per line) and, when the area
 * had the focus, the caret at the end: nothing typed before it arrived is lost.
 * Saved HTML (an edit) is shown read-only in the area until the editor arrives, so no formatting is
 * flattened by typing into it.
 */
export function LazyRichTextEditor(props: RichTextEditorProps) {
  const { label, value, onChange, invalid = false, describedBy } = props;
  const [Editor, setEditor] = useState<ComponentType<RichTextEditorProps> | null>(null);
  const [rich, setRich] = useState(false);
  const [startedWithText] = useState(() => value !== '');
  const [text, setText] = useState(() => htmlToPlainText(value));
  const latestText = useRef(text);
  const typed = useRef(false);
  const area = useRef<HTMLTextAreaElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const focusAfter = useRef(false);

  const want = () => {
    void loadEditor().then((module) => setEditor(() => module.RichTextEditor));
  };
  useEffect(() => {
    if (startedWithText) {
      want();
      return undefined;
    }
    return whenIdle(want);
    // Once, on mount: what the field started with decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** The editor has rendered (hidden): it gets what the area holds now, then replaces it. */
  function takeOver(editor: Editor) {
    editorRef.current = editor;
    if (typed.current) editor.commands.setContent(plainTextToHtml(latestText.current), { emitUpdate: false });
    focusAfter.current = document.activeElement === area.current;
    setRich(true);
  }

  useLayoutEffect(() => {
    const editor = editorRef.current;
    if (!rich || !editor) return;
    // Keys typed between the takeover and this commit still went into the area.
    const html = plainTextToHtml(latestText.current);
    if (typed.current && editor.getHTML() !== html && html !== '') editor.commands.setContent(html, { emitUpdate: false });
    if (focusAfter.current) editor.commands.focus('end');
  }, [rich]);

  return (
    <>
      {!rich && (
        <Box
          width="full"
          alignSelf="stretch"
          borderWidth="1px"
          borderColor={invalid ? 'border.error' : 'border'}
          rounded="md"
          bg="bg"
          _focusWithin={{ outline: '2px solid', outlineColor: invalid ? 'border.error' : 'colorPalette.focusRing', outlineOffset: '1px' }}
        >
          <Box height={TOOLBAR_HEIGHT} borderBottomWidth="1px" aria-hidden="true" />
          <Textarea
            ref={area}
            className="report-editor-plain"
            aria-label={label}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            value={text}
            readOnly={startedWithText}
            onFocus={want}
            onChange={(event) => {
              const next = event.currentTarget.value;
              typed.current = true;
              latestText.current = next;
              setText(next);
              onChange(plainTextToHtml(next));
            }}
            variant="flushed"
            border="none"
            _focus={{ boxShadow: 'none' }}
            px="3"
            py="2"
            minH="calc(14rem + 1em)"
            resize="none"
            textStyle="md"
          />
        </Box>
      )}
      {Editor && (
        <Box width="full" alignSelf="stretch" display={rich ? 'block' : 'none'}>
          <Editor {...props} onReady={takeOver} />
        </Box>
      )}
    </>
  );
}
