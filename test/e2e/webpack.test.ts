// The same HTTP and docs cases on a `next build --webpack` of the example (decorator metadata, nested DTOs and class
// names must survive the other bundler too). The browser case runs once, on the Turbopack build.
import { docsCases } from './docs-cases';
import { errorFormatCases } from './error-format-cases';
import { exampleSuite } from './example-suite';
import { formCases } from './form-cases';
import { fuzzCases } from './fuzz-cases';
import { httpCases } from './http-cases';
import { inputCases } from './input-cases';
import { streamsCases } from './streams-cases';
import { serverClientCases } from './server-client-cases';
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
// Last: the fuzz creates and changes posts, which the cases above count on.
fuzzCases(example);
example.test.run();
errorFormatCases('webpack');
