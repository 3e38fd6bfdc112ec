import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { LEFT_OUT, leaveOut, STUB_PREFIX, stubSource } from '../../build/left-out.mjs';

type Stub = ((...args: unknown[]) => unknown) & { new (...args: unknown[]): Stub; [key: string]: Stub };

async function loadStub(id: string): Promise<{ default: Stub; __exports: Stub }> {
  const source = stubSource(id, LEFT_OUT[id]);
  return import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
}

const stubSuite = suite('stubSource');

stubSuite('every left-out module throws an error that names it, says why and where the list is', async () => {
  for (const id of Object.keys(LEFT_OUT)) {
    const stub = (await loadStub(id)).default;
    const error = (() => {
      try {
        stub('anything');
      } catch (caught) {
        return caught as Error;
      }
      return undefined;
    })();
    assert.instance(error, Error, id);
    assert.is(
      error!.message,
      `${id} is not bundled in the next-app-controllers CLI (${LEFT_OUT[id]}). Something reached a code path the CLI was not built for: see build/left-out.mjs.`,
    );
  }
});

stubSuite('a named export or a property of it throws when called', async () => {
  const module = await loadStub('fly-import');
  assert.throws(() => module.__exports.flyImport('yeoman-generator'), /fly-import is not bundled/);
  assert.throws(() => module.default.someStatic.deeper(), /fly-import is not bundled/);
});

stubSuite('`new` succeeds (Yeoman constructs a FlyRepository at start-up) and using the instance throws', async () => {
  const { __exports } = await loadStub('fly-import');
  const repository = new __exports.FlyRepository({ repositoryPath: '/tmp/x' });
  assert.throws(() => repository.install(['generator-x']), /fly-import is not bundled/);
});

stubSuite('awaiting it does not call it (it is not a thenable)', async () => {
  const { default: stub } = await loadStub('globby');
  assert.is(await Promise.resolve(stub), stub);
});

stubSuite.run();

const pluginSuite = suite('leaveOut');

pluginSuite('resolves a left-out module and its subpaths to the stub, and nothing else', () => {
  const plugin = leaveOut({ 'fly-import': 'why' });
  const resolveId = plugin.resolveId as unknown as (id: string) => string | null;
  assert.is(resolveId('fly-import'), `${STUB_PREFIX}fly-import`);
  assert.is(resolveId('fly-import/dist/index.js'), `${STUB_PREFIX}fly-import/dist/index.js`);
  assert.is(resolveId('fly-importer'), null);
  assert.is(resolveId('yeoman-environment'), null);
  const load = plugin.load as unknown as (id: string) => { code: string; syntheticNamedExports: string } | null;
  assert.is(load('/abs/fly-import.js'), null);
  assert.equal(load(`${STUB_PREFIX}fly-import/dist/index.js`), { code: stubSource('fly-import/dist/index.js', 'why'), syntheticNamedExports: '__exports' });
});

pluginSuite.run();
