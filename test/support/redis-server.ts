/**
 * A real Redis for the rate-limit tests: Debian's `redis-server` (.ci/run installs it when it is missing) started on a
 * free loopback port with a temporary folder and no persistence, stopped by its PID. A test that needs it fails with a
 * message saying what to install when it is not there.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

export const REDIS_SERVER = process.env.REDIS_SERVER ?? 'redis-server';

export interface RunningRedis {
  port: number;
  url: string;
  pid: number;
  /** Stops it (SIGTERM, then SIGKILL after 5 s) and removes its folder; resolves once it has exited. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.on('exit', () => running.forEach((child) => child.kill('SIGKILL')));

/** One PING over a raw socket: true once Redis answers PONG. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.write('PING\r\n');
  });
}

export async function startRedis(): Promise<RunningRedis> {
  if (spawnSync(REDIS_SERVER, ['--version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(`The rate-limit tests need Debian's redis-server (apt-get install -y redis-server; .ci/run does it), or REDIS_SERVER set to one.`);
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'nac-redis-'));
  const child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no', '--daemonize', 'no'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    running.delete(child);
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await pings(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not start on port ${port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { port, url: `redis://127.0.0.1:${port}`, pid: child.pid!, stop };
}
