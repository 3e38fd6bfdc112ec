'use server';
// The writing routes of src/features/notes/controller.ts as Server Actions: each runs the route's own pipeline (auth, rate
// limits, validation, the handler) and resolves to { ok: true, data } or { ok: false, status, fieldErrors, … }.
// Written by `next-app-controllers generate actions notes`: run it again after a route changes.
import { action } from 'next-app-controllers/actions';
import { app } from '@/app';
import { NotesController } from './controller';

/** POST /notes (NotesController.create) */
export const create = action(app, NotesController, 'create');
