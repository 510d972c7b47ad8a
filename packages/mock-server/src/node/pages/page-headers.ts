/**
 * Only same-origin scripts, styles and calls: a page works offline and can reach this mock and
 * nothing else. `inlineStyles` for a renderer that sets style attributes (Swagger UI); `data:`
 * images for icons embedded in CSS or a page's empty favicon.
 */
function contentSecurityPolicy(inlineStyles: boolean): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self'${inlineStyles ? " 'unsafe-inline'" : ''}`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}

/**
 * Headers of the mock's pages and their scripts (`/docs`, the dashboard): the type, revalidation on
 * each load, the page's Content-Security-Policy, no sniffing, no referrer.
 */
export function pageHeaders(type: string, { inlineStyles }: { inlineStyles: boolean }): Record<string, string> {
  return {
    'Content-Type': type,
    'Cache-Control': 'no-cache',
    'Content-Security-Policy': contentSecurityPolicy(inlineStyles),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  }
}

/** Escapes text for HTML content and attribute values. */
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char] as string)
