// The same HTTP and docs cases on a `next build --webpack` of the example (decorator metadata, nested DTOs and class
// names must survive the other bundler too). Most browser cases run once, on the Turbopack build; the --query pages
// (issue 42) run on both.
import { actionsCases } from './actions-cases';
import { docsCases } from './docs-cases';
import { errorFormatCases } from './error-format-cases';
import { exampleSuite } from './example-suite';
import { formCases } from './form-cases';
import { fuzzCases } from './fuzz-cases';
import { httpCases } from './http-cases';
import { inputCases } from './input-cases';
import { queryCases } from './query-cases';
import { cachingCases } from './production-cases';
import { streamsCases } from './streams-cases';
import { serverClientCases } from './server-client-cases';
import { readersCases } from './readers-cases';
import { versioningCases } from './versioning-cases';

const example = exampleSuite('webpack');
inputCases(example);
httpCases(example);
docsCases(example);
versioningCases(example);
formCases(example);
// SSE, downloads and their Chromium checks on both builds; the 30 s soak runs on the Turbopack one only.
streamsCases(example, { soak: false });
serverClientCases(example);
// Issue 53: the notes page's form, a route as a Server Action, in Chromium with JavaScript off and on.
actionsCases(example);
// Issue 42: @Paginated over HTTP and the --query pages in Chromium on the webpack build too.
queryCases(example);
// MCP, the 3.2 document (Scalar in Chromium runs on the Turbopack build): before the fuzz, like the cases that count posts.
readersCases(example, { browser: false });
// Issue 35: ETags (crypto.subtle in a webpack server bundle) and the document's 304 and 429.
cachingCases(example);
// Last: the fuzz creates and changes posts, which the cases above count on.
fuzzCases(example);
example.test.run();
errorFormatCases('webpack');
