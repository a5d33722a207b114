import { Box, HStack, Icon, IconButton, Portal, Tooltip } from '@chakra-ui/react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { htmlHasText } from '../domain/report-common.ts';

export type RichTextEditorProps = {
  /** Accessible name of the editing area. */
  label: string;
  value: string;
  onChange: (html: string) => void;
  invalid?: boolean;
  /** Id of the text describing the field (its error), announced with it. */
  describedBy?: string;
  /** Called once with the editor, after its first render (the plain area's takeover, lazy-rich-text-editor.tsx). */
  onReady?: (editor: Editor) => void;
};

function editorAttributes(label: string, invalid: boolean, describedBy: string | undefined): Record<string, string> {
  return {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    class: 'report-editor',
  };
}

/**
 * The report text (spec §2 "Report text"): TipTap with the basic formatting the server's sanitiser
 * keeps (paragraphs, bold, italic, underline, lists, headings, links). Loaded in its own chunk:
 * the editor is the largest piece of the report screens.
 */
export function RichTextEditor({ label, value, onChange, invalid = false, describedBy, onReady }: RichTextEditorProps) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  });
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        code: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
    ],
    content: value,
    editorProps: { attributes: editorAttributes(label, invalid, describedBy) },
    onUpdate: ({ editor: current }) => {
      const html = current.getHTML();
      // The editor's empty document is "<p></p>": passed on as no text at all.
      latest.current(htmlHasText(html) ? html : '');
    },
  });

  const ready = useRef(onReady);
  useEffect(() => {
    ready.current?.(editor);
  }, [editor]);

  // Keeps the accessible attributes in step with the field's state (an error after Finalizar).
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: editorAttributes(label, invalid, describedBy) } });
  }, [editor, label, invalid, describedBy]);

  return (
    // Full width: inside a Field (whose items align to the start) it shrank to its toolbar's width.
    <Box
      width="full"
      alignSelf="stretch"
      borderWidth="1px"
      borderColor={invalid ? 'border.error' : 'border'}
      rounded="md"
      bg="bg"
      _focusWithin={{ outline: '2px solid', outlineColor: invalid ? 'border.error' : 'colorPalette.focusRing', outlineOffset: '1px' }}
    >
      <Toolbar editor={editor} />
      <Box
        px="3"
        py="2"
        css={{
          '& .report-editor': { minHeight: '14rem', outline: 'none' },
          '& .report-editor p': { marginBlock: '0.5em' },
          '& .report-editor ul': { listStyleType: 'disc', paddingInlineStart: '1.5em' },
          '& .report-editor ol': { listStyleType: 'decimal', paddingInlineStart: '1.5em' },
          '& .report-editor h2': { fontSize: 'lg', fontWeight: 'semibold', marginBlock: '0.5em' },
          '& .report-editor h3': { fontSize: 'md', fontWeight: 'semibold', marginBlock: '0.5em' },
          '& .report-editor blockquote': { borderInlineStartWidth: '3px', paddingInlineStart: '0.75em', color: 'fg.muted' },
          '& .report-editor a': { color: 'colorPalette.fg', textDecoration: 'underline' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  );
}

type ToolState = { bold: boolean; italic: boolean; underline: boolean; bullet: boolean; ordered: boolean; heading: boolean };

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Toolbar glyphs (24 px grid, drawn with the text colour); the buttons' names come from their aria-label. */
const GLYPHS = {
  bold: <path d="M6 4h8a4 4 0 0 1 0 8H6zM6 12h9a4 4 0 0 1 0 8H6z" />,
  italic: <path d="M19 4h-9M14 20H5M15 4 9 20" />,
  underline: <path d="M6 4v6a6 6 0 0 0 12 0V4M4 20h16" />,
  heading: <path d="M4 12h8M4 18V6M12 18V6M17 12l3-2v8" />,
  bullet: <path d="M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01" />,
  ordered: <path d="M10 6h11M10 12h11M10 18h11M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1" />,
  undo: <path d="M3 7v6h6M21 17a9 9 0 0 0-15-6.7L3 13" />,
  redo: <path d="M21 7v6h-6M3 17a9 9 0 0 1 15-6.7L21 13" />,
} as const;

function ToolButton({ label, glyph, active, run }: { label: string; glyph: keyof typeof GLYPHS; active?: boolean; run: () => void }) {
  return (
    // Closed, a tooltip renders nothing (issue 32): the toolbar's dozen would otherwise sit hidden in the form.
    <Tooltip.Root openDelay={300} closeDelay={0} positioning={{ placement: 'top' }} lazyMount unmountOnExit>
      <Tooltip.Trigger asChild>
        <IconButton
          size="sm"
          variant={active ? 'subtle' : 'ghost'}
          aria-label={label}
          aria-pressed={active === undefined ? undefined : active}
          onClick={run}
        >
          <Icon boxSize="1.1em" aria-hidden="true">
            <svg viewBox="0 0 24 24" {...stroke}>
              {GLYPHS[glyph]}
            </svg>
          </Icon>
        </IconButton>
      </Tooltip.Trigger>
      <Portal>
        <Tooltip.Positioner>
          <Tooltip.Content>{label}</Tooltip.Content>
        </Tooltip.Positioner>
      </Portal>
    </Tooltip.Root>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState<ToolState>({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      heading: e.isActive('heading', { level: 3 }),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <HStack role="toolbar" aria-label="Formatação do texto" gap="1" px="2" py="1" borderBottomWidth="1px" wrap="wrap">
      <ToolButton label="Negrito" glyph="bold" active={state.bold} run={() => chain().toggleBold().run()} />
      <ToolButton label="Itálico" glyph="italic" active={state.italic} run={() => chain().toggleItalic().run()} />
      <ToolButton label="Sublinhado" glyph="underline" active={state.underline} run={() => chain().toggleUnderline().run()} />
      <ToolButton label="Subtítulo" glyph="heading" active={state.heading} run={() => chain().toggleHeading({ level: 3 }).run()} />
      <ToolButton label="Lista com marcadores" glyph="bullet" active={state.bullet} run={() => chain().toggleBulletList().run()} />
      <ToolButton label="Lista numerada" glyph="ordered" active={state.ordered} run={() => chain().toggleOrderedList().run()} />
      <ToolButton label="Desfazer" glyph="undo" run={() => chain().undo().run()} />
      <ToolButton label="Refazer" glyph="redo" run={() => chain().redo().run()} />
    </HStack>
  );
}
