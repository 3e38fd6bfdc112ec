'use client';
// A client module that uses DTO classes loads reflect-metadata first, as a DTO file does.
import 'next-app-controllers/dto';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { useState } from 'react';
import { CreatePostDto } from '@/features/posts/dto';

export function PostForm() {
  const [problems, setProblems] = useState<string[]>([]);

  async function check(form: FormData) {
    const dto = plainToInstance(CreatePostDto, { title: form.get('title'), content: form.get('content') });
    const errors = await validate(dto);
    setProblems(errors.flatMap((error) => Object.values(error.constraints ?? {})));
  }

  return (
    <form action={check}>
      <input name="title" />
      <textarea name="content" />
      <button type="submit">Check</button>
      <ul>{problems.map((problem) => <li key={problem}>{problem}</li>)}</ul>
    </form>
  );
}
