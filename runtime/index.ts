import 'reflect-metadata';

export { createApplication } from './application';
export type { Application, ApplicationOptions, RouteHandler } from './application';
export { RouteContext } from './context';
export { Controller } from './decorators/controller';
export { All, Delete, Get, Head, Options, Patch, Post, Put } from './decorators/routes';
export { Body } from './decorators/body';
export { HttpCode, Use } from './decorators/use';
export { ApiOperation, ApiResponse, ApiTags } from './decorators/api';
export { BadRequestError, ConflictError, ForbiddenError, HttpError, NotFoundError, UnauthorizedError } from './http-error';
export type { HttpErrorOptions } from './http-error';
export type { ErrorHook } from './error-handler';
export type { FieldError } from './validation';
export type { ResponseOptions } from './response';
export type { RouteDefinition } from './route-definitions';
export type { ApiOperationOptions, ApiResponseOptions, Class, HttpMethod, Middleware, RouteMethod } from './types';
