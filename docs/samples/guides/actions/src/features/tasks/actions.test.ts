import { runAction, testAuth } from 'next-app-controllers/testing';
import { app } from '@/app';
import { sessions } from '@/lib/sessions';
import { create } from './actions';

// next/headers exists only while Next.js answers a request: a test gives the action its request.
export async function createsATask() {
  const headers = await testAuth(app).headers(sessions, { id: 'alice', name: 'Alice' });
  const result = await runAction(new Request('http://localhost/tasks', { headers }), () => create({ title: 'Write the tests' }));
  if (!result.ok) throw new Error(`expected a task, got ${result.status} ${result.message}`);
  return result.data;
}

export async function refusesWithoutASession() {
  const result = await runAction(new Request('http://localhost/tasks'), () => create({ title: 'Nope' }));
  return !result.ok && result.status === 401;
}
