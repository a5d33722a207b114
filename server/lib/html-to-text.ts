/**
 * Plain text of the sanitized HTML a rich-text field stores (server/lib/sanitize-html.ts), for
 * mail bodies: block ends and <br> become line breaks, tags go, the entities the sanitizer emits
 * are decoded, and runs of blank lines shrink to one.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<\/(p|div|li|h[1-6]|tr)>/gi, '\n')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
