import type { Application } from '../../runtime/application';

export const ORIGIN = 'http://localhost';

export function request(app: Application, method: string, path: string, init: RequestInit = {}): Promise<Response> {
  return app.handle(new Request(ORIGIN + path, { method, ...init }));
}

export function postJson(app: Application, path: string, body: unknown, method = 'POST'): Promise<Response> {
  return request(app, method, path, { headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}

export async function jsonOf(response: Response): Promise<unknown> {
  return JSON.parse(await response.text());
}

/** Runs `fn` with console.warn/error captured, and gives back what was printed. */
export async function captureConsole(fn: () => unknown): Promise<{ warn: string[]; error: unknown[][] }> {
  const { warn, error } = console;
  const printed = { warn: [] as string[], error: [] as unknown[][] };
  console.warn = (...args: unknown[]) => void printed.warn.push(args.join(' '));
  console.error = (...args: unknown[]) => void printed.error.push(args);
  try {
    await fn();
  } finally {
    console.warn = warn;
    console.error = error;
  }
  return printed;
}
