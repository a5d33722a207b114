import { Box } from '@chakra-ui/react';
import DOMPurify from 'dompurify';

/**
 * Report HTML is sanitised on this side too (the server is the authority): before the local copy
 * is stored and before any report text is rendered, so a hostile description never runs here.
 * Scripts, styles, event attributes and javascript: URLs go; the text and basic formatting stay.
 */
export function sanitizeReportHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'] });
}

/** A report's rich text, read-only. */
export function ReportHtml({ html }: { html: string }) {
  return (
    <Box
      css={{
        '& p': { marginBlock: '0.5em' },
        '& ul': { listStyleType: 'disc', paddingInlineStart: '1.5em' },
        '& ol': { listStyleType: 'decimal', paddingInlineStart: '1.5em' },
        '& h2': { fontSize: 'lg', fontWeight: 'semibold', marginBlock: '0.5em' },
        '& h3': { fontSize: 'md', fontWeight: 'semibold', marginBlock: '0.5em' },
        '& blockquote': { borderInlineStartWidth: '3px', paddingInlineStart: '0.75em', color: 'fg.muted' },
        '& a': { color: 'colorPalette.fg', textDecoration: 'underline' },
      }}
      overflowWrap="anywhere"
      dangerouslySetInnerHTML={{ __html: sanitizeReportHtml(html) }}
    />
  );
}
