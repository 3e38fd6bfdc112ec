/**
 * Builds the example app with a real `next build`, runs it with `next start` on a random loopback port and talks to it
 * over real HTTP. The server runs in its own process group and is always killed by its PID, even when a test fails or
 * the test process dies.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../support/free-port';

export { freePort };

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const EXAMPLE = join(ROOT, 'example');
export const ARTIFACTS = join(ROOT, 'test', 'artifacts');
export const API_KEY = 'example-key';
/** The origin of the page the CORS cases serve: the example's servers allow it (EXAMPLE_CORS_ORIGINS). */
export const CORS_PAGE_PORT = 20_000 + (process.pid % 20_000);
export const CORS_PAGE_ORIGIN = `http://127.0.0.1:${CORS_PAGE_PORT}`;
const ENV = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', EXAMPLE_API_KEY: API_KEY, EXAMPLE_CORS_ORIGINS: CORS_PAGE_ORIGIN };

export type Bundler = 'turbopack' | 'webpack';

/** Wall-clock seconds of each step, printed at the end of the run. */
export const timings: Record<string, number> = {};
process.on('exit', () => {
  const lines = Object.entries(timings).map(([step, seconds]) => `  ${step}: ${seconds.toFixed(1)} s`);
  if (lines.length > 0) console.log(`\ne2e timings:\n${lines.join('\n')}`);
});

export async function timed<T>(step: string, work: () => Promise<T> | T): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    timings[step] = (performance.now() - started) / 1000;
  }
}

/** The `next` an app folder resolves (its own install, or the repository's), and its major version. */
export function nextOf(dir: string): { bin: string; major: number } {
  const resolve = createRequire(join(dir, 'package.json')).resolve;
  const { version } = JSON.parse(readFileSync(resolve('next/package.json'), 'utf8')) as { version: string };
  return { bin: resolve('next/dist/bin/next'), major: Number.parseInt(version, 10) };
}

/** Next.js 16 builds with Turbopack unless told `--webpack`; Next.js 15 with webpack unless told `--turbopack`. */
function bundlerFlags(bundler: Bundler, major: number): string[] {
  if (major >= 16) return bundler === 'webpack' ? ['--webpack'] : [];
  return bundler === 'turbopack' ? ['--turbopack'] : [];
}

/**
 * `next build` of the example (or another app folder) with one bundler, returning what it printed. Builds are
 * serialised machine-wide with `flock` when it exists (only one `next build` at a time on a small CI machine).
 * Throws with the build output when it fails.
 */
export function buildExample(bundler: Bundler, dir = EXAMPLE): string {
  const next = nextOf(dir);
  const args = [next.bin, 'build', ...bundlerFlags(bundler, next.major)];
  const hasFlock = spawnSync('flock', ['--version'], { stdio: 'ignore' }).status === 0;
  const [command, commandArgs] = hasFlock ? ['flock', [join(tmpdir(), 'next-build.lock'), process.execPath, ...args]] : [process.execPath, args];
  const result = spawnSync(command, commandArgs, { cwd: dir, env: ENV, encoding: 'utf8', timeout: 300_000, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    throw new Error(`next build (${bundler}) failed with ${result.status ?? result.signal}:\n${result.stdout}\n${result.stderr}`);
  }
  // Next.js 15 names only Turbopack in its banner.
  const usedTurbopack = /\(Turbopack\)/.test(result.stdout);
  const usedWebpack = next.major >= 16 ? /\(webpack\)/.test(result.stdout) : !usedTurbopack;
  if (!(bundler === 'webpack' ? usedWebpack : usedTurbopack)) throw new Error(`next build did not use ${bundler}:\n${result.stdout}`);
  return `${result.stdout}\n${result.stderr}`;
}

export interface RunningServer {
  port: number;
  base: string;
  pid: number;
  /** Everything the server printed so far. */
  output(): string;
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

// Last resort when the test process exits or is interrupted with a server still up.
process.on('exit', () => running.forEach((child) => killGroup(child, 'SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    running.forEach((child) => killGroup(child, 'SIGKILL'));
    process.exit(130);
  });
}

/** `next start` on a random loopback port; resolves once `readyPath` answers 200 (at most `timeoutMs`). */
export async function startExample(timeoutMs = 30_000, dir = EXAMPLE, readyPath = '/api/system/health', env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  return startServer([nextOf(dir).bin, 'start', '--hostname', '127.0.0.1', '--port', String(port)], dir, port, timeoutMs, readyPath, env);
}

/**
 * A Node.js server (`node <args>`) started in `cwd` and listening on `port` of 127.0.0.1; resolves once `readyPath`
 * answers 200 (at most `timeoutMs`).
 */
export async function startServer(
  args: string[],
  cwd: string,
  port: number,
  timeoutMs: number,
  readyPath: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...ENV, ...env },
    detached: true, // its own process group, so the whole group can be killed by PID
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const server: RunningServer = {
    port,
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        killGroup(child, 'SIGTERM');
        const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      running.delete(child);
    },
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await server.stop();
      throw new Error(`node ${args.join(' ')} exited early (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      const response = await send(port, 'GET', readyPath, { timeoutMs: 2_000 });
      if (response.status === 200) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`node ${args.join(' ')} did not answer within ${timeoutMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  json(): any;
}

export interface SendOptions {
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  /** Send the body in chunks without a Content-Length (Transfer-Encoding: chunked). */
  chunked?: boolean;
  timeoutMs?: number;
}

/**
 * One HTTP request with the path sent exactly as given (node:http neither normalises `..` nor re-encodes `%`), so
 * traversal and malformed-encoding attempts reach the server as written.
 */
export async function send(port: number, method: string, path: string, options: SendOptions = {}): Promise<RawResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendOnce(port, method, path, options);
    } catch (error) {
      if (attempt === 3 || !answeredBeforeBodyWasSent(error, options)) throw error;
    }
  }
}

/**
 * A server may answer a large body (a 413, a 401) and close before the client has written all of it; node's client
 * then reports the write's EPIPE or ECONNRESET instead of the answer. That race is the client's, so the request is
 * sent again (it is the same request, and the server refuses it before any handler runs).
 */
function answeredBeforeBodyWasSent(error: unknown, options: SendOptions): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return (code === 'EPIPE' || code === 'ECONNRESET') && options.body !== undefined && Buffer.byteLength(options.body) > 64 * 1024;
}

function sendOnce(port: number, method: string, path: string, options: SendOptions): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { connection: 'close', ...options.headers };
    if (options.body !== undefined && !options.chunked) headers['content-length'] = Buffer.byteLength(options.body);
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const text = body.toString('utf8');
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body,
          text,
          json: () => {
            try {
              return JSON.parse(text);
            } catch {
              throw new Error(`${method} ${path} answered ${res.statusCode} with a body that is not JSON: ${text.slice(0, 300)}`);
            }
          },
        });
      });
    });
    req.setTimeout(options.timeoutMs ?? 15_000, () => req.destroy(new Error(`${method} ${path} timed out`)));
    req.on('error', reject);
    if (options.body !== undefined && options.chunked) {
      const body = Buffer.from(options.body);
      const size = 64 * 1024;
      for (let offset = 0; offset < body.length; offset += size) req.write(body.subarray(offset, offset + size));
      req.end();
    } else {
      req.end(options.body);
    }
  });
}
