import { app } from '@/app';

export const { GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS } = app.handlers;
