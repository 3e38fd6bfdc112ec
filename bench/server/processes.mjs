// Child processes of the server bench: the machine's Next lock, pinning, `next start`, the process tree's memory.
import { execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';

export const LOCK = '/tmp/nac-next.lock';
export const SERVER_CORE = '0';
export const LOAD_CORE = '1';

/**
 * Whether this process runs under `flock LOCK` already (an ancestor holds it): `npm run bench:server` takes the lock
 * itself, and taking it again under a caller who wrapped it in flock would wait forever.
 */
export function lockHeldByAncestor() {
  let inode;
  try {
    inode = statSync(LOCK).ino;
  } catch {
    return false;
  }
  const holders = new Set();
  for (const line of readFileSync('/proc/locks', 'utf8').split('\n')) {
    const fields = line.trim().split(/\s+/);
    // "1: FLOCK  ADVISORY  WRITE 1234 08:01:5678 0 EOF": pid, then major:minor:inode.
    const at = fields.indexOf('FLOCK');
    if (at !== -1 && Number(fields[at + 4]?.split(':')[2]) === inode) holders.add(Number(fields[at + 3]));
  }
  for (let pid = process.pid; pid > 1; pid = parentOf(pid)) if (holders.has(pid)) return true;
  return false;
}

function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/** Pins every thread of this process (the load generator) to LOAD_CORE. */
export function pinSelf() {
  execFileSync('taskset', ['-a', '-p', '-c', LOAD_CORE, String(process.pid)], { stdio: 'ignore' });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/**
 * `next start` for the app in `dir`, pinned to SERVER_CORE. `nodeArgs` go to its Node (`--cpu-prof` is refused in
 * NODE_OPTIONS on Node 20, so Next's bin is run by `node` directly).
 */
export function startServer(nextBin, dir, port, nodeArgs = []) {
  const env = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
  const args = ['-c', SERVER_CORE, process.execPath, ...nodeArgs, nextBin, 'start', '-H', '127.0.0.1', '-p', String(port)];
  return spawn('taskset', args, { cwd: dir, env, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** The process and all its descendants, by scanning /proc. */
export function processTree(root) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent).push(Number(entry));
  }
  const tree = [];
  for (const queue = [root]; queue.length; ) {
    const pid = queue.shift();
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** Resident memory of the process tree, bytes (VmRSS summed). */
export function treeRss(root) {
  let kib = 0;
  for (const pid of processTree(root)) {
    try {
      kib += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // exited meanwhile
    }
  }
  return kib * 1024;
}

/** CPU time (user + system) the process tree has used so far, milliseconds (from /proc/<pid>/stat, 100 ticks a second). */
export function treeCpuMs(root) {
  let ticks = 0;
  for (const pid of processTree(root)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // exited meanwhile
    }
  }
  return ticks * 10;
}

/** Stops a server this bench started and every process it started, by their ids, and waits for the root to exit. */
export async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (const pid of processTree(child.pid).reverse()) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}
