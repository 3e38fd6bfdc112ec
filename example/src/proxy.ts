import { NextResponse, type NextRequest } from 'next/server';

/**
 * Optional. Next.js decodes the URL path before any route handler runs and answers a malformed percent-encoding
 * (`/api/posts/%E0%A4%A`) with a plain-text 500 of its own, so the library's 400 can never be reached. This proxy
 * runs first and answers those requests with the library's 400 JSON body instead; the others pass through untouched.
 */
export function proxy(request: NextRequest) {
  const path = new URL(request.url).pathname;
  try {
    decodeURIComponent(path);
  } catch {
    return NextResponse.json({ success: false, statusCode: 400, message: `Malformed percent-encoding in path ${path}` }, { status: 400 });
  }
  return NextResponse.next();
}

// Only paths holding a `%` reach the proxy: the others cannot be malformed, and a proxy buffers the request body of
// every request it runs for (see `experimental.proxyClientMaxBodySize`).
export const config = {
  matcher: ['/api/:path(.*%.*)', '/api-docs/:path(.*%.*)'],
};
