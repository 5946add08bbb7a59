import sanitize from 'sanitize-html';

/**
 * Cleans operator-written HTML (announcements, notices, popups, help sections, inbox messages)
 * before it is stored and again before it is served (issue 6: no script, no event handlers, no
 * javascript: URLs). Only an allow-list of formatting tags and attributes survives; links and
 * images may point only to http(s), mailto or same-site paths.
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    ...sanitize.defaults.allowedTags.filter((tag) => tag !== 'style'),
    'img',
    'span',
    'u',
    's',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link that opens a new tab cannot reach back into the site.
    a: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.target === '_blank'
          ? { ...attribs, rel: 'noopener noreferrer' }
          : { ...attribs, target: '', rel: attribs.rel ?? '' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS)
    .replace(/ target=""/g, '')
    .replace(/ rel=""/g, '');
}
