/**
 * An `output: 'standalone'` build deployed the way Next.js documents it (and a Dockerfile does): only
 * `.next/standalone`, `.next/static` and `public` copied into a fresh folder, then `node server.js` started from
 * another working directory. Nothing of the app's own install can be reached from there.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { freePort, startServer, type RunningServer } from './harness';

/** server.js in the standalone folder: at its top, or under the app's path from the workspace root in a monorepo. */
function findServerJs(standalone: string): string {
  const queue = [standalone];
  for (let dir = queue.shift(); dir !== undefined; dir = queue.shift()) {
    if (existsSync(join(dir, 'server.js')) && existsSync(join(dir, '.next'))) return join(dir, 'server.js');
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== '.next') queue.push(join(dir, entry.name));
    }
  }
  throw new Error(`no server.js in ${standalone}: was the app built with output: 'standalone'?`);
}

export interface StandaloneServer extends RunningServer {
  /** The folder the standalone output was copied to. */
  deployed: string;
}

/** Copies the standalone output of `appDir`'s build to a fresh folder and starts its server.js from another one. */
export async function startStandalone(appDir: string, readyPath: string, timeoutMs = 30_000): Promise<StandaloneServer> {
  const standalone = join(appDir, '.next', 'standalone');
  const appInStandalone = relative(standalone, dirname(findServerJs(standalone)));
  const deployed = mkdtempSync(join(tmpdir(), 'nac-standalone-'));
  const elsewhere = mkdtempSync(join(tmpdir(), 'nac-elsewhere-'));
  cpSync(standalone, deployed, { recursive: true, verbatimSymlinks: true });
  const target = join(deployed, appInStandalone);
  cpSync(join(appDir, '.next', 'static'), join(target, '.next', 'static'), { recursive: true });
  if (existsSync(join(appDir, 'public'))) cpSync(join(appDir, 'public'), join(target, 'public'), { recursive: true });

  const port = await freePort();
  const server = await startServer([join(target, 'server.js')], elsewhere, port, timeoutMs, readyPath, {
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
  });
  return {
    ...server,
    deployed,
    async stop() {
      await server.stop();
      rmSync(deployed, { recursive: true, force: true });
      rmSync(elsewhere, { recursive: true, force: true });
    },
  };
}
