import { defaultErrorResponse } from '../errors/error-handler';
import { HttpError } from '../errors/http-error';
import { lazy } from '../core/lazy';
import { nodeRuntime, requireFromProject } from '../peers/node-runtime';
import { hash, notFound } from '../responses/docs-page';
import { CONTENT_TYPES, parseDocsPath } from './files';
import { assertSwaggerUiOptions, type SwaggerUiHandler, type SwaggerUiOptions } from './options';
import { contentSecurityPolicy, INIT_SCRIPT, renderInitScript, renderPage } from './page';

export type { SwaggerUiDocument, SwaggerUiHandler, SwaggerUiOptions } from './options';

const FEATURE = 'The Swagger UI handler reads swagger-ui-dist from disk: it';
const MISSING =
  'Swagger UI is served from the swagger-ui-dist package, which could not be found. Install it (npm install swagger-ui-dist) ' +
  "and list it in next.config: serverExternalPackages: ['swagger-ui-dist'].";

interface Asset {
  body: Uint8Array;
  etag: string;
}

interface Dist {
  dir: string;
  version: string;
  read(name: string): Promise<Asset | undefined>;
}

const LONG_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * The GET handler of `app/api-docs/[[...file]]/route.ts`: `/api-docs` answers the Swagger UI page, `/api-docs/<file>`
 * a file of the installed swagger-ui-dist. Files are read with Node's fs, loaded at request time, so importing the
 * library stays free of Node-only modules.
 */
export function createSwaggerUiHandler(options: SwaggerUiOptions): SwaggerUiHandler {
  assertSwaggerUiOptions(options);
  const mount = `/${(options.path ?? '/api-docs').replace(/^\/+|\/+$/g, '')}`;
  const title = options.title ?? 'API documentation';
  const config = JSON.parse(JSON.stringify(options.swaggerUi ?? {})) as Record<string, unknown>;
  const initScript = new TextEncoder().encode(renderInitScript(options.urls ?? options.openApiUrl!, config));
  const initAsset: Asset = { body: initScript, etag: `"init-${hash(initScript)}"` };
  const csp = contentSecurityPolicy(options.urls?.map((document) => document.url) ?? [options.openApiUrl!]);
  // Found once; a failed search is tried again by the next request (lazy).
  const dist = lazy(() => locateDist(options.distPath));

  return async function GET(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const target = parseDocsPath(url.pathname, mount);
    if (target.kind === 'not-found') return notFound(url);
    let found: Dist;
    try {
      found = dist.value ?? (await dist.load());
    } catch (error) {
      console.error(`next-app-controllers: ${MISSING}`, error);
      return defaultErrorResponse(new HttpError(500, MISSING));
    }
    if (target.kind === 'page') {
      return new Response(renderPage(target.root, title, found.version), {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': csp,
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'no-referrer',
          'cache-control': 'no-cache',
        },
      });
    }
    const asset = target.name === INIT_SCRIPT ? initAsset : await found.read(target.name);
    if (!asset) return notFound(url);
    const versioned = url.searchParams.get('v') === found.version;
    const headers = {
      'content-type': target.contentType,
      'cache-control': versioned ? LONG_CACHE : REVALIDATE,
      etag: asset.etag,
      'x-content-type-options': 'nosniff',
    };
    if (request.headers.get('if-none-match') === asset.etag) return new Response(null, { status: 304, headers });
    return new Response(asset.body as BodyInit, { headers: { ...headers, 'content-length': String(asset.body.byteLength) } });
  };
}

/**
 * Finds swagger-ui-dist's folder. The package is loaded at request time with Node's own `require`, resolved from the
 * project root (a monorepo's hoisted copy too), and asked for its folder: loaded natively, not bundled, its
 * `getAbsoluteFSPath()` is right in both of Next's bundlers (bundled, it pointed at a folder that does not exist).
 * `node_modules/swagger-ui-dist` under the working directory is the fallback. Every answer is checked.
 */
async function locateDist(distPath: string | undefined): Promise<Dist> {
  const { fs, path, cwd } = nodeRuntime(FEATURE);
  const candidates: (() => Promise<string>)[] = distPath
    ? [async () => distPath]
    : [
        async () => requireFromProject<() => string>('swagger-ui-dist/absolute-path.js', FEATURE)(),
        async () => path.join(cwd, 'node_modules', 'swagger-ui-dist'),
      ];
  for (const candidate of candidates) {
    let dir: string;
    try {
      dir = path.resolve(await candidate());
      await fs.access(path.join(dir, 'swagger-ui-bundle.js'));
    } catch {
      continue;
    }
    const version = await fs
      .readFile(path.join(dir, 'package.json'), 'utf8')
      .then((text) => String((JSON.parse(text) as { version?: unknown }).version ?? '0'))
      .catch(() => '0');
    const assets = new Map<string, Promise<Asset | undefined>>();
    const read = async (name: string): Promise<Asset | undefined> => {
      // parseDocsPath only lets plain file names through; check the joined path anyway, so no name can leave `dir`.
      const file = path.join(dir, name);
      if (path.dirname(file) !== dir || !(path.extname(file).toLowerCase() in CONTENT_TYPES)) return undefined;
      const stat = await fs.lstat(file).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      const body = new Uint8Array(await fs.readFile(file));
      return { body, etag: `"${version}-${stat.size.toString(36)}-${Math.trunc(stat.mtimeMs).toString(36)}"` };
    };
    return {
      dir,
      version,
      // Each file is read once: swagger-ui-dist does not change while the server runs. Misses are not kept, so
      // requests for made-up names cannot grow the map.
      read: (name) => {
        let asset = assets.get(name);
        if (!asset) {
          asset = read(name).catch(() => undefined);
          assets.set(name, asset);
          void asset.then((found) => {
            if (!found) assets.delete(name);
          });
        }
        return asset;
      },
    };
  }
  throw new Error(`swagger-ui-dist was not found (looked in ${distPath ?? `${cwd}/node_modules/swagger-ui-dist and its getAbsoluteFSPath()`}).`);
}
