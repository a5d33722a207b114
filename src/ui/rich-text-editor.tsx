import { Box, Button, HStack } from '@chakra-ui/react';
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
export function RichTextEditor({ label, value, onChange, invalid = false, describedBy }: RichTextEditorProps) {
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

  // Keeps the accessible attributes in step with the field's state (an error after Finalizar).
  useEffect(() => {
    editor.setOptions({ editorProps: { attributes: editorAttributes(label, invalid, describedBy) } });
  }, [editor, label, invalid, describedBy]);

  return (
    <Box
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
  const tools: {
    label: string;
    text: string;
    active: boolean;
    run: () => void;
    fontWeight?: string;
    fontStyle?: string;
    underline?: boolean;
  }[] = [
    { label: 'Negrito', text: 'N', active: state.bold, run: () => chain().toggleBold().run(), fontWeight: 'bold' },
    { label: 'Itálico', text: 'I', active: state.italic, run: () => chain().toggleItalic().run(), fontStyle: 'italic' },
    { label: 'Sublinhado', text: 'S', active: state.underline, run: () => chain().toggleUnderline().run(), underline: true },
    { label: 'Subtítulo', text: 'T', active: state.heading, run: () => chain().toggleHeading({ level: 3 }).run() },
    { label: 'Lista com marcadores', text: '•', active: state.bullet, run: () => chain().toggleBulletList().run() },
    { label: 'Lista numerada', text: '1.', active: state.ordered, run: () => chain().toggleOrderedList().run() },
  ];
  return (
    <HStack role="toolbar" aria-label="Formatação do texto" gap="1" px="2" py="1" borderBottomWidth="1px" wrap="wrap">
      {tools.map((tool) => (
        <Button
          key={tool.label}
          size="xs"
          variant={tool.active ? 'subtle' : 'ghost'}
          aria-label={tool.label}
          title={tool.label}
          aria-pressed={tool.active}
          fontWeight={tool.fontWeight}
          fontStyle={tool.fontStyle}
          textDecoration={tool.underline ? 'underline' : undefined}
          onClick={tool.run}
        >
          {tool.text}
        </Button>
      ))}
      <Button size="xs" variant="ghost" aria-label="Desfazer" title="Desfazer" onClick={() => chain().undo().run()}>
        ↶
      </Button>
      <Button size="xs" variant="ghost" aria-label="Refazer" title="Refazer" onClick={() => chain().redo().run()}>
        ↷
      </Button>
    </HStack>
  );
}
