// The `next-app-controllers/dto` entry, for the files that declare DTO classes: `import 'next-app-controllers/dto';`
// as their first import loads reflect-metadata before their decorators run, whatever order the bundler evaluates
// modules in. Turbopack's scope hoisting can evaluate a DTO module before the library's entry (when a decorated module
// and the DTO land in one merged group), and class-transformer's `@Type` reads `Reflect.getMetadata` as it decorates.
// Nothing else: importing it costs one line beside what the library loads anyway.
import 'reflect-metadata';

export {};
