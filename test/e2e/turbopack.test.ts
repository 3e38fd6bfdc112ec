// The example built with Next.js 16's default bundler (Turbopack): HTTP, docs and the browser.
import { actionsCases } from './actions-cases';
import { browserCases } from './browser-cases';
import { clientCases } from './client-cases';
import { corsCases } from './cors-cases';
import { docsCases } from './docs-cases';
import { errorFormatCases } from './error-format-cases';
import { exampleSuite } from './example-suite';
import { formCases } from './form-cases';
import { fuzzCases } from './fuzz-cases';
import { httpCases } from './http-cases';
import { inputCases } from './input-cases';
import { cachingCases, csrfCases, rateLimitCases, tracingCases } from './production-cases';
import { queryCases } from './query-cases';
import { streamsCases } from './streams-cases';
import { serverClientCases } from './server-client-cases';
import { readersCases } from './readers-cases';
import { versioningCases } from './versioning-cases';

const example = exampleSuite('turbopack');
inputCases(example);
httpCases(example);
docsCases(example);
versioningCases(example);
formCases(example);
browserCases(example);
actionsCases(example);
clientCases(example);
corsCases(example);
// The 30 s soak of 200 streams once, with Turbopack: it measures the same server code under both bundlers.
streamsCases(example, { soak: true });
serverClientCases(example);
// Issue 42: @Paginated over HTTP and the --query pages in Chromium (the client chunks checked for server code).
queryCases(example);
// MCP, the 3.2 document and Scalar in Chromium: before the fuzz, like the cases that count posts.
readersCases(example, { browser: true });
// Issue 35: HTTP caching, CSRF in Chromium, rate limits (two more next start sharing a Redis) and traces (next start
// with an OTLP collector here), on the Turbopack build only: they exercise the same server code under both bundlers.
cachingCases(example);
csrfCases(example);
rateLimitCases(example);
tracingCases(example);
// Last: the fuzz creates and changes posts, which the cases above count on.
fuzzCases(example);
example.test.run();
errorFormatCases('turbopack');
