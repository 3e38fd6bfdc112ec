import * as dist from '../../dist/index.mjs';
import { BASE, answer } from './routes.mjs';


/** Ours, from the built dist (what users get),
 * or from `lib`, another build of the runtime (bench/proto): one class per controller, decorated by calling the decorators.
 * `options` go to createApplication (the dispatch section's tracing and rate-limit rows); `versioning` also marks every
 * controller `@Version('1')` (the dispatch section's versioning rows); `controllers` are added to the synthetic ones (the
 * auth section's guarded controller). */
export function buildOurs(routes, lib = dist, { controllers = [], ...options } = {}) {
  const { Controller, createApplication } = lib;
  const DECORATORS = { GET: lib.Get, POST: lib.Post, PUT: lib.Put, DELETE: lib.Delete };
  const classes = new Map();
  for (const route of routes) {
    let cls = classes.get(route.controller);
    if (!cls) {
      cls = class {};
      Object.defineProperty(cls, 'name', { value: `C${route.controller}` });
      classes.set(route.controller, cls);
    }
    const id = route.id;
    cls.prototype[route.name] = function (context) {
      return answer(id, context.params);
    };
    DECORATORS[route.method](route.path)(cls.prototype, route.name);
  }
  for (const [index, cls] of classes) {
    Controller(`/c${index}`)(cls);
    if (options.versioning) lib.Version('1')(cls);
  }
  return createApplication({ controllers: [...classes.values(), ...controllers], basePath: BASE, ...options });
}

