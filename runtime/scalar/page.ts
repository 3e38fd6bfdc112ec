import { escapeHtml } from '../responses/docs-page';

/** The HTML page and its init script. The script is a served file, not inline, so the CSP needs no 'unsafe-inline' script. */

/** Scalar's browser bundle, as @scalar/api-reference ships it (dist/browser/standalone.js). */
export const STANDALONE = 'standalone.js';
export const INIT_SCRIPT = 'scalar-init.js';

/** `root` is the page's own path (e.g. `/reference`); `version` busts caches when @scalar/api-reference is upgraded. */
export function renderPage(root: string, title: string, version: string): string {
  const asset = (name: string) => escapeHtml(`${root}/${name}?v=${encodeURIComponent(version)}`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body>
<div id="app"></div>
<script src="${asset(STANDALONE)}"></script>
<script src="${asset(INIT_SCRIPT)}"></script>
</body>
</html>
`;
}

/**
 * The script that starts Scalar. `config` is the user's pass-through (JSON only: it crosses into a file). Two defaults
 * keep the page on its origin: Scalar's fonts come from its CDN unless `withDefaultFonts` is false (the system fonts
 * show), and its agent ("Ask AI"), on by default on localhost, sends the document to Scalar's servers. The page's `url`
 * comes last so it cannot be dropped by mistake. The mount point is not `#api-reference`: the bundle mounts an element
 * of that id by itself, with none of these settings.
 */
export function renderInitScript(openApiUrl: string, config: Record<string, unknown>): string {
  const settings = { withDefaultFonts: false, agent: { disabled: true }, ...config, url: openApiUrl };
  const json = JSON.stringify(settings).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `Scalar.createApiReference('#app', ${json});\n`;
}

/**
 * Only the page's own assets. Scalar injects its styles and sets `style` attributes, and draws icons as data: and
 * blob: URLs, hence 'unsafe-inline' for styles (never for scripts) and data:/blob: for images. `connect-src` is the
 * origin (the document, and the requests its API client sends), plus the origin of an absolute `openApiUrl`.
 */
export function contentSecurityPolicy(openApiUrl: string): string {
  let connect = "'self'";
  if (/^https?:\/\//i.test(openApiUrl)) connect += ` ${new URL(openApiUrl).origin}`;
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}
