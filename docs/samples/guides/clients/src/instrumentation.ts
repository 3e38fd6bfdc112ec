// What the instrumentation.ts init writes does under next dev (beside startJobs): the client's types follow the code.
export async function register() {
  // #region watch
  if (process.env.NEXT_RUNTIME === 'nodejs' && process.env.NODE_ENV === 'development') {
    const [{ spawn }, { createRequire }, path] = await Promise.all([import('node:child_process'), import('node:module'), import('node:path')]);
    const library = path.dirname(createRequire(path.join(process.cwd(), 'package.json')).resolve('next-app-controllers/package.json'));
    spawn(process.execPath, [path.join(library, 'bin/next-app-controllers.mjs'), 'openapi', '--watch'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  }
  // #endregion watch
}
