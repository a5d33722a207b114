/**
 * sanitizeReportHtml for the report forms, without DOMPurify (about 10 KB) on their path: it is
 * downloaded with the first save, not with the form (issue 32). The screens that show report
 * HTML import report-html.tsx itself.
 */
export async function sanitizeReportHtmlLater(html: string): Promise<string> {
  const { sanitizeReportHtml } = await import('./report-html.tsx');
  return sanitizeReportHtml(html);
}
