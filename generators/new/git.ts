import { spawn } from 'node:child_process';

/** What a git command said: its exit code (127 when git could not be started) and its output. */
interface GitResult {
  code: number;
  output: string;
}

function git(args: string[], cwd: string): Promise<GitResult> {
  return new Promise((resolve) => {
    const child = spawn('git', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', () => resolve({ code: 127, output: '' }));
    child.on('close', (code) => resolve({ code: code ?? 1, output: output.trim() }));
  });
}

export const INITIAL_COMMIT_MESSAGE = 'Initial commit from next-app-controllers new';

/**
 * What create-next-app does unless told `--disable-git` (which `new` passes it, so that the first commit holds the
 * wired project): a repository on `main` with one commit of every file. Skipped, saying why, when git is missing or
 * the folder is already inside a repository; a commit git refuses (no user.name/user.email) leaves the repository
 * without a commit. Never throws: the project is made either way. Answers the summary's `git:` line.
 */
export async function initialiseRepository(dir: string): Promise<string> {
  const version = await git(['--version'], dir);
  if (version.code !== 0) return 'not initialised: git is not installed (or not on PATH)';
  const inside = await git(['rev-parse', '--show-toplevel'], dir);
  if (inside.code === 0) return `not initialised: the folder is already inside the git repository at ${inside.output}`;
  const init = await git(['init', '--quiet', '--initial-branch=main'], dir);
  if (init.code !== 0 && (await git(['init', '--quiet'], dir)).code !== 0) return `not initialised: git init failed (${init.output})`;
  const add = await git(['add', '--all'], dir);
  const commit = add.code === 0 ? await git(['commit', '--quiet', '--no-verify', '-m', INITIAL_COMMIT_MESSAGE], dir) : add;
  if (commit.code !== 0) {
    const reason = commit.output.split('\n').find((line) => line.trim() !== '') ?? `exit code ${commit.code}`;
    return `initialised a repository, but the first commit failed (${reason}): commit the files yourself`;
  }
  return `initialised a repository with one commit ("${INITIAL_COMMIT_MESSAGE}"); --skip-git skips it`;
}
