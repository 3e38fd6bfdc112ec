// Child processes and a served app for the CLI's end-to-end tests.
import { spawn, type SpawnOptions } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface Result {
  code: number;
  output: string;
}

/** Runs a command to its end; stdout and stderr together in `output`. */
export function exec(command: string, args: string[], options: SpawnOptions & { cwd: string }): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The first answer from `url`, retrying until the server listens (at most `timeoutMs`). */
export async function waitFor(url: string, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await fetch(url);
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** `next build [args]` of a project with its own next, one at a time on the machine (`flock`) where flock exists. */
export async function nextBuild(cwd: string, args: string[] = []): Promise<Result> {
  const next = [join(cwd, 'node_modules/next/dist/bin/next'), 'build', ...args];
  try {
    return await exec('flock', ['/tmp/next-build.lock', process.execPath, ...next], { cwd });
  } catch {
    return exec(process.execPath, next, { cwd }); // no flock on this machine
  }
}

export interface StartedNext {
  origin: string;
  /** Stops the server's whole process group (it runs `detached`, in a group of its own). */
  stop(): void;
}

/** `next start` of a built project on a free port (on every interface, as `next start` listens by default). */
export async function nextStart(cwd: string): Promise<StartedNext> {
  const port = await freePort();
  const server = spawn(process.execPath, [join(cwd, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port)], {
    cwd,
    stdio: 'ignore',
    detached: true,
  });
  return { origin: `http://127.0.0.1:${port}`, stop: () => process.kill(-server.pid!, 'SIGTERM') };
}
