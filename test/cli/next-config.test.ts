import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import ts from 'typescript';
import { patchNextConfig, SWAGGER_NEXT_SETTINGS, swaggerNextSettings, swaggerTracingSetting, type RequiredNextSetting } from '../../generators/edits/next-config';

const ONLY_EXTERNAL = [SWAGGER_NEXT_SETTINGS[0]];

const patchNextConfigSuite = suite('patchNextConfig');

const CREATE_NEXT_APP = `import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  /* config options here */
  cacheComponents: true,
};

export default nextConfig;
`;

patchNextConfigSuite("it adds the swagger settings to create-next-app's config in its quote style", () => {
  const result = patchNextConfig(ts, CREATE_NEXT_APP, 'next.config.ts');
  assert.is(result.status, 'edited');
  assert.is(result.text, CREATE_NEXT_APP.replace('  cacheComponents: true,\n', '  cacheComponents: true,\n  serverExternalPackages: ["swagger-ui-dist"],\n'));
  assert.is(patchNextConfig(ts, result.text, 'next.config.ts').status, 'unchanged');
});

patchNextConfigSuite('an existing serverExternalPackages array gets the package appended once', () => {
  const text = "module.exports = { serverExternalPackages: ['sharp'] };\n";
  const result = patchNextConfig(ts, text, 'next.config.js', ONLY_EXTERNAL);
  assert.is(result.text, "module.exports = { serverExternalPackages: ['sharp', 'swagger-ui-dist'] };\n");
  assert.is(patchNextConfig(ts, result.text, 'next.config.js', ONLY_EXTERNAL).status, 'unchanged');
});

patchNextConfigSuite('export default of an object literal, and an empty object, are patched', () => {
  assert.is(
    patchNextConfig(ts, "export default {\n  reactStrictMode: true\n};\n", 'next.config.mjs', ONLY_EXTERNAL).text,
    "export default {\n  reactStrictMode: true,\n  serverExternalPackages: ['swagger-ui-dist']\n};\n",
  );
  assert.is(
    patchNextConfig(ts, 'const nextConfig = {};\nexport default nextConfig;\n', 'next.config.mjs').text,
    "const nextConfig = {\n  serverExternalPackages: ['swagger-ui-dist'],\n};\nexport default nextConfig;\n",
  );
});

patchNextConfigSuite('nested settings are merged into an existing object, and a new list entry is applied too', () => {
  const text = "export default {\n  experimental: {\n    typedRoutes: true,\n  },\n};\n";
  const nested: RequiredNextSetting = { path: ['experimental', 'typedEnv'], kind: 'equals', value: 'true', why: 'test' };
  assert.is(
    patchNextConfig(ts, text, 'next.config.mjs', [nested, ...SWAGGER_NEXT_SETTINGS]).text,
    "export default {\n  experimental: {\n    typedRoutes: true,\n    typedEnv: true,\n  },\n  serverExternalPackages: ['swagger-ui-dist'],\n};\n",
  );
  const extra: RequiredNextSetting = { path: ['poweredByHeader'], kind: 'equals', value: 'false', why: 'test' };
  const result = patchNextConfig(ts, 'export default {};\n', 'next.config.mjs', [...SWAGGER_NEXT_SETTINGS, extra]);
  assert.ok(result.text.includes('  poweredByHeader: false,\n'), result.text);
});

patchNextConfigSuite('a setting that is already set to another value is left to the user', () => {
  const setting: RequiredNextSetting = { path: ['poweredByHeader'], kind: 'equals', value: 'false', why: 'test' };
  const text = 'export default { poweredByHeader: true };\n';
  const result = patchNextConfig(ts, text, 'next.config.mjs', [setting]);
  assert.is(result.status, 'manual');
  assert.is(result.text, text);
  if (result.status === 'manual') assert.match(result.instructions, 'poweredByHeader: false,');
});

patchNextConfigSuite('a config it cannot recognise is returned unchanged with the lines to add', () => {
  const cases: [string, string][] = [
    ["import withX from 'x';\nexport default withX({});\n", 'not an object literal'],
    ['export const config = {};\n', 'no `export default`'],
    ["export default { serverExternalPackages: list };\n", 'not an array literal'],
  ];
  for (const [text, reason] of cases) {
    const result = patchNextConfig(ts, text, 'next.config.mjs');
    assert.is(result.status, 'manual', text);
    assert.is(result.text, text);
    if (result.status === 'manual') {
      assert.match(result.reason, reason);
      assert.match(result.instructions, "serverExternalPackages: ['swagger-ui-dist'],");
    }
  }
});

// Issue 51: a production build reads the minified class names back from openapi.json, so no setting turns
// minification off (serverMinification: false was printed as an experiment on every build).
patchNextConfigSuite('no setting turns server minification off, on any Next.js version', () => {
  const text = patchNextConfig(ts, CREATE_NEXT_APP, 'next.config.ts', swaggerNextSettings()).text;
  assert.not.match(text, 'serverMinification');
  assert.not.match(text, 'turbopackMinify');
  assert.not.match(text, 'experimental');
});

// Regression (issue 25): with output: 'standalone' the docs handler found no swagger-ui-dist, which only a setting
// can bring into the standalone folder (the handler reads its files from disk, which no tracer follows).
patchNextConfigSuite("the tracing setting lists swagger-ui-dist's folders under the docs route, quoted in the file's style", () => {
  const settings = swaggerNextSettings(['./node_modules', '../../node_modules']);
  const result = patchNextConfig(ts, CREATE_NEXT_APP, 'next.config.ts', settings);
  assert.match(
    result.text,
    '  outputFileTracingIncludes: { "/api-docs": ["./node_modules/swagger-ui-dist/*", "../../node_modules/swagger-ui-dist/*"] },\n};',
  );
  assert.is(patchNextConfig(ts, result.text, 'next.config.ts', settings).status, 'unchanged');
  const manual = patchNextConfig(ts, 'export default config;\n', 'next.config.mjs', settings);
  if (manual.status === 'manual') {
    assert.match(manual.instructions, "outputFileTracingIncludes: { '/api-docs': ['./node_modules/swagger-ui-dist/*', '../../node_modules/swagger-ui-dist/*'] },");
  } else assert.unreachable('an unrecognisable config is left to the user');
});

patchNextConfigSuite('existing tracing includes get the docs route, or its missing folders appended in one edit', () => {
  const settings = ['./node_modules', '../../node_modules'].map(swaggerTracingSetting);
  assert.is(
    patchNextConfig(ts, "export default { outputFileTracingIncludes: { '/': ['./data/*'] } };\n", 'next.config.mjs', settings).text,
    "export default { outputFileTracingIncludes: { '/': ['./data/*'], '/api-docs': ['./node_modules/swagger-ui-dist/*', '../../node_modules/swagger-ui-dist/*'] } };\n",
  );
  assert.is(
    patchNextConfig(ts, "export default { outputFileTracingIncludes: { '/api-docs': [] } };\n", 'next.config.mjs', settings).text,
    "export default { outputFileTracingIncludes: { '/api-docs': ['./node_modules/swagger-ui-dist/*', '../../node_modules/swagger-ui-dist/*'] } };\n",
  );
  assert.is(
    patchNextConfig(ts, "export default { outputFileTracingIncludes: { '/api-docs': ['./node_modules/swagger-ui-dist/*'] } };\n", 'next.config.mjs', settings).text,
    "export default { outputFileTracingIncludes: { '/api-docs': ['./node_modules/swagger-ui-dist/*', '../../node_modules/swagger-ui-dist/*'] } };\n",
  );
});

patchNextConfigSuite.run();
