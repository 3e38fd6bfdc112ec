import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import ts from 'typescript';
import { registerController, registrationInstructions } from '../../generators/edits/app-module';

const registerControllerSuite = suite('registerController');

const APP = `import { createApplication } from 'next-app-controllers';

export const app = createApplication({
  controllers: [],
});
`;

registerControllerSuite('it imports the controller and lists it in an empty controllers array', () => {
  const result = registerController(ts, APP, 'PostsController', './features/posts/controller');
  assert.is(result.status, 'edited');
  assert.is(
    result.text,
    `import { createApplication } from 'next-app-controllers';
import { PostsController } from './features/posts/controller';

export const app = createApplication({
  controllers: [PostsController],
});
`,
  );
});

registerControllerSuite('registering twice leaves the file as the first run wrote it', () => {
  const once = registerController(ts, APP, 'PostsController', './features/posts/controller').text;
  const twice = registerController(ts, once, 'PostsController', './features/posts/controller');
  assert.is(twice.status, 'unchanged');
  assert.is(twice.text, once);
});

registerControllerSuite('a second controller is appended after the first, on one line or one per line', () => {
  const one = registerController(ts, APP, 'PostsController', './features/posts/controller').text;
  const two = registerController(ts, one, 'UsersController', './features/users/controller').text;
  assert.ok(two.includes('controllers: [PostsController, UsersController],'));
  assert.ok(two.includes("import { UsersController } from './features/users/controller';"));

  const multiline = APP.replace('controllers: [],', 'controllers: [\n    PostsController,\n  ],');
  const added = registerController(ts, multiline, 'UsersController', './features/users/controller').text;
  assert.ok(added.includes('controllers: [\n    PostsController,\n    UsersController,\n  ],'), added);
});

registerControllerSuite('it uses the quote style of the file', () => {
  const doubleQuoted = APP.replace(/'/g, '"');
  const result = registerController(ts, doubleQuoted, 'PostsController', './features/posts/controller');
  assert.ok(result.text.includes('import { PostsController } from "./features/posts/controller";'));
});

registerControllerSuite('an app module it cannot recognise is returned unchanged with the reason', () => {
  const cases: [string, string][] = [
    ['export const app = 1;\n', 'no createApplication(...) call'],
    ["const options = { controllers: [] };\nexport const app = createApplication(options);\n", 'not called with an object literal'],
    ['export const app = createApplication({ basePath: "/api" });\n', 'has no `controllers: [...]` property'],
    ['const list = [];\nexport const app = createApplication({ controllers: list });\n', '`controllers` is not an array literal'],
    ['createApplication({ controllers: [] });\ncreateApplication({ controllers: [] });\n', 'more than one'],
  ];
  for (const [text, reason] of cases) {
    const result = registerController(ts, text, 'PostsController', './features/posts/controller');
    assert.is(result.status, 'manual', text);
    assert.is(result.text, text);
    if (result.status === 'manual') assert.match(result.reason, reason);
  }
});

registerControllerSuite.run();

const registrationInstructionsSuite = suite('registrationInstructions');

registrationInstructionsSuite('it gives the import line and the controllers entry', () => {
  const text = registrationInstructions('PostsController', './features/posts/controller', 'src/app.ts');
  assert.match(text, "import { PostsController } from './features/posts/controller';");
  assert.match(text, 'PostsController],');
});

registrationInstructionsSuite.run();
