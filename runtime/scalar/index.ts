import { defaultErrorResponse } from '../errors/error-handler';
import { HttpError } from '../errors/http-error';
import { lazy } from '../core/lazy';
import { nodeRuntime } from '../peers/node-runtime';
import { hash, notFound } from '../responses/docs-page';
import type { ScalarHandler, ScalarOptions, ScalarRouteContext } from './options';
import { contentSecurityPolicy, INIT_SCRIPT, renderInitScript, renderPage, STANDALONE } from './page';

export type { ScalarHandler, ScalarOptions } from './options';

const PACKAGE = '@scalar/api-reference';
const FEATURE = 'The Scalar handler reads @scalar/api-reference from disk: it';
const MISSING =
  "Scalar's API reference is served from the @scalar/api-reference package, which could not be found. Install it " +
  '(npm install @scalar/api-reference); for output: standalone, list its dist/browser/standalone.js and package.json in ' +
  'outputFileTracingIncludes for this route (next-app-controllers init --docs-ui scalar writes it).';

interface Asset {
  body: Uint8Array;
  etag: string;
}

const LONG_CACHE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'public, max-age=0, must-revalidate';

/**
 * The GET handler of `app/<path>/[[...file]]/route.ts`: `<path>` answers the page, `<path>/standalone.js` Scalar's
 * browser bundle from the installed @scalar/api-reference, `<path>/scalar-init.js` the script that starts it. The
 * page's own path is the request's path less the `[[...file]]` segments Next passes in, so the route file works at
 * any path (a Next.js basePath in front of it included) with no option saying where.
 */
export function createScalarHandler(options: ScalarOptions): ScalarHandler {
  const title = options.title ?? 'API reference';
  const config = JSON.parse(JSON.stringify(options.scalar ?? {})) as Record<string, unknown>;
  const initScript = new TextEncoder().encode(renderInitScript(options.openApiUrl, config));
  const initAsset: Asset = { body: initScript, etag: `"init-${hash(initScript)}"` };
  const csp = contentSecurityPolicy(options.openApiUrl);
  // Read once; a failed read is tried again by the next request (lazy).
  const bundle = lazy(() => readBundle(options.packagePath));

  return async function GET(request: Request, context?: unknown): Promise<Response> {
    const url = new URL(request.url);
    const segments = url.pathname.split('/');
    const file = (await (context as ScalarRouteContext | undefined)?.params)?.file ?? fileFromPath(segments);
    if (file.length > 1 || (file.length === 1 && file[0] !== STANDALONE && file[0] !== INIT_SCRIPT)) return notFound(url);
    let found: { version: string; asset: Asset };
    try {
      found = bundle.value ?? (await bundle.load());
    } catch (error) {
      console.error(`next-app-controllers: ${MISSING}`, error);
      return defaultErrorResponse(new HttpError(500, MISSING));
    }
    if (file.length === 0) {
      const root = segments.slice(0, segments.length - (segments[segments.length - 1] === '' ? 1 : 0)).join('/');
      return new Response(renderPage(root, title, found.version), {
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': csp,
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'no-referrer',
          'cache-control': 'no-cache',
        },
      });
    }
    const asset = file[0] === INIT_SCRIPT ? initAsset : found.asset;
    const headers = {
      'content-type': 'text/javascript; charset=utf-8',
      'cache-control': url.searchParams.get('v') === found.version ? LONG_CACHE : REVALIDATE,
      etag: asset.etag,
      'x-content-type-options': 'nosniff',
    };
    if (request.headers.get('if-none-match') === asset.etag) return new Response(null, { status: 304, headers });
    return new Response(asset.body as BodyInit, { headers: { ...headers, 'content-length': String(asset.body.byteLength) } });
  };
}

/** Without Next's params (a call from a test), the last segment is a file when it is one of ours. */
function fileFromPath(segments: string[]): string[] {
  const last = segments[segments.length - 1];
  return last === STANDALONE || last === INIT_SCRIPT ? [last] : [];
}

/**
 * Scalar's browser bundle, read once. The package is found from the project root with Node's resolver (a monorepo's
 * hoisted copy too); `node_modules/@scalar/api-reference` under the working directory is the fallback, which is what
 * an `output: 'standalone'` build has when its tracing lists the bundle and package.json.
 */
async function readBundle(packagePath: string | undefined): Promise<{ version: string; asset: Asset }> {
  const { fs, path, module, cwd } = nodeRuntime(FEATURE);
  const candidates: (() => string)[] = packagePath
    ? [() => packagePath]
    : [
        () => {
          const entry = module.createRequire(path.join(cwd, 'package.json')).resolve(PACKAGE);
          return entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
        },
        () => path.join(cwd, 'node_modules', ...PACKAGE.split('/')),
      ];
  for (const candidate of candidates) {
    let dir: string;
    let body: Uint8Array;
    try {
      dir = path.resolve(candidate());
      body = new Uint8Array(await fs.readFile(path.join(dir, 'dist', 'browser', STANDALONE)));
    } catch {
      continue;
    }
    const version = await fs
      .readFile(path.join(dir, 'package.json'), 'utf8')
      .then((text) => String((JSON.parse(text) as { version?: unknown }).version ?? '0'))
      .catch(() => '0');
    return { version, asset: { body, etag: `"${version}-${body.byteLength.toString(36)}"` } };
  }
  throw new Error(`${PACKAGE} was not found (looked in ${packagePath ?? `its resolution from ${cwd} and ${cwd}/node_modules/${PACKAGE}`}).`);
}
