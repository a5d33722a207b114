import sanitizeHtml from 'sanitize-html';

/**
 * The server is the authority on report HTML (spec §5: script tags and inline event attributes
 * stripped). Script and style elements go with their content, every attribute other than a link's
 * href/target goes (so every on* handler), and only http(s)/mailto links stay (no javascript:).
 * Text and basic formatting (paragraphs, emphasis, lists, headings, tables) are kept.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: sanitizeHtml.defaults.allowedTags,
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    // A link opened in a new tab must not reach back into the app through window.opener.
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs }),
  },
};

export function sanitizeReportHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
