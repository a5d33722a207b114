const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * What was typed in the plain text area that stands in for the report editor until it loads
 * (lazy-rich-text-editor.tsx), as the editor's HTML: one paragraph per line, escaped. No text at all
 * is '' (as the editor reports its empty document).
 */
export function plainTextToHtml(text: string): string {
  if (text.trim() === '') return '';
  return text
    .split(/\r?\n/)
    .map((line) => `<p>${line.replace(/[&<>"]/g, (c) => ESCAPES[c]!)}</p>`)
    .join('');
}

/** The reverse, for showing saved HTML in the plain area: one line per paragraph or line break, tags dropped. */
export function htmlToPlainText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h\d|li|blockquote)>\s*/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\n+$/, '');
}
