'use client';
import { useState } from 'react';
import { create } from '@/features/tasks/actions';

export function QuickAdd() {
  const [message, setMessage] = useState('');
  async function add() {
    // Typed from CreateTaskDto: { title: 'Buy milk', priority: 1 } is a tsc error.
    const result = await create({ title: 'Buy milk', items: [{ name: 'oat' }] });
    if (result.ok) setMessage(`Created ${result.data.title} at ${result.data.createdAt}`); // createdAt: a string, as JSON carries it
    else if (result.status === 429) setMessage('Slow down a little');
    else setMessage(result.fieldErrors.title?.[0] ?? result.message);
  }
  return (
    <p>
      <button onClick={add}>Add</button> {message}
    </p>
  );
}
