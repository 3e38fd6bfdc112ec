import { escapeHtml } from '../responses/docs-page';
import type { SwaggerUiDocument } from './options';

/** The HTML page and its init script. The script is a served file, not inline, so the CSP needs no 'unsafe-inline' script. */

export const INIT_SCRIPT = 'swagger-initializer.js';

/** `root` is the page's own path (e.g. `/api-docs`); `version` busts caches when swagger-ui-dist is upgraded. */
export function renderPage(root: string, title: string, version: string): string {
  const asset = (name: string) => escapeHtml(`${root}/${name}?v=${encodeURIComponent(version)}`);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
<link rel="stylesheet" href="${asset('index.css')}">
<link rel="icon" type="image/png" href="${asset('favicon-32x32.png')}" sizes="32x32">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script src="${asset('swagger-ui-standalone-preset.js')}"></script>
<script src="${asset(INIT_SCRIPT)}"></script>
</body>
</html>
`;
}

/**
 * The script that starts Swagger UI. `config` is the user's pass-through (JSON only: it crosses into a file); the
 * page's own settings (`url` or `urls`, `dom_id`) come last so they cannot be dropped by mistake. With `urls`,
 * StandaloneLayout's top bar is the picker of the documents.
 */
export function renderInitScript(documents: string | readonly SwaggerUiDocument[], config: Record<string, unknown>): string {
  const source = typeof documents === 'string' ? { url: documents } : { urls: documents.map(({ url, name }) => ({ url, name })) };
  const settings = { layout: 'StandaloneLayout', deepLinking: true, validatorUrl: null, ...config, ...source, dom_id: '#swagger-ui' };
  const json = JSON.stringify(settings).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `window.addEventListener('load', function () {
  var settings = ${json};
  settings.presets = [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset];
  settings.plugins = [SwaggerUIBundle.plugins.DownloadUrl];
  window.ui = SwaggerUIBundle(settings);
});
`;
}

/**
 * Only the page's own assets. Swagger UI sets `style` attributes and ships SVG icons as data: URLs, hence
 * 'unsafe-inline' for styles (never for scripts) and data: for images. `connect-src` adds the origin of each absolute
 * document address.
 */
export function contentSecurityPolicy(documentUrls: readonly string[]): string {
  const origins = new Set(documentUrls.filter((url) => /^https?:\/\//i.test(url)).map((url) => new URL(url).origin));
  const connect = ["'self'", ...origins].join(' ');
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}
