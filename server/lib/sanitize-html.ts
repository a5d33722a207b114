import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';

// Loaded by the first report saved, not by every start of the server (issue 32, item 9); a plain
// require keeps sanitizeReportHtml synchronous for its callers.
const require = createRequire(import.meta.url);
let loaded: { sanitizeHtml: typeof SanitizeHtml; options: SanitizeHtml.IOptions } | undefined;
function sanitizer() {
  if (!loaded) {
    const sanitizeHtml = require('sanitize-html') as typeof SanitizeHtml;
    loaded = { sanitizeHtml, options: { ...OPTIONS, allowedTags: sanitizeHtml.defaults.allowedTags } };
  }
  return loaded;
}

/**
 * The server is the authority on report HTML (spec §5: script tags and inline event attributes
 * stripped). Script and style elements go with their content, every attribute other than a link's
 * href/target goes (so every on* handler), and only http(s)/mailto links stay (no javascript:).
 * Text and basic formatting (paragraphs, emphasis, lists, headings, tables: the library's default
 * tags) are kept.
 */
const OPTIONS: Omit<SanitizeHtml.IOptions, 'allowedTags'> = {
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  transformTags: {
    // A link opened in a new tab must not reach back into the app through window.opener.
    a: (tagName, attribs) => ({ tagName, attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs }),
  },
};

export function sanitizeReportHtml(html: string): string {
  const { sanitizeHtml, options } = sanitizer();
  return sanitizeHtml(html, options);
}
