import { readFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { compileFunction } from 'node:vm';
import type * as TS from 'typescript';
import { UserError } from '../errors';
import type { TypeScript } from '../project/typescript';

type ModuleExports = Record<string, unknown>;

interface LoadedModule {
  exports: ModuleExports;
}

// What Next.js itself answers for these in a route handler (the react-server condition): nothing to run.
const EMPTY_IN_ROUTE_HANDLERS = new Set(['server-only']);

/**
 * The project's own TypeScript modules, run in this process the way Next.js compiles them for its server: each file
 * transpiled by the project's `typescript` with the project's compiler options (decorators with their `design:type`
 * metadata, which class-validator-jsonschema reads and esbuild would not emit), imports resolved as TypeScript
 * resolves them (`paths`, `baseUrl`, `.js` written for `.ts`, index files), packages loaded by Node from the project.
 * No server, no build, no child process.
 *
 * Project files become CommonJS modules evaluated here (cycles between them behave as in a bundle: a class read
 * before its module ran is `undefined`, never a TDZ error); packages keep Node's own loader, so the library, the
 * app's DTOs and the library's peers share one copy of class-validator.
 */
export class ProjectModules {
  private readonly cache = new Map<string, LoadedModule>();
  private readonly resolveOptions: TS.CompilerOptions;
  private readonly transpileOptions: TS.CompilerOptions;

  constructor(
    private readonly ts: TypeScript,
    private readonly root: string,
  ) {
    const options = readCompilerOptions(ts, root);
    this.resolveOptions = {
      ...options,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      allowJs: true,
      resolveJsonModule: true,
    };
    this.transpileOptions = {
      ...options,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      target: options.target ?? ts.ScriptTarget.ES2022,
      jsx: ts.JsxEmit.ReactJSX,
      esModuleInterop: true,
      verbatimModuleSyntax: false,
      isolatedModules: true,
      noEmit: false,
      declaration: false,
      sourceMap: false,
      inlineSourceMap: false,
      incremental: false,
      composite: false,
      plugins: undefined,
    };
  }

  /** Runs a project file (absolute path) and its imports once, and returns its exports. */
  load(file: string): ModuleExports {
    const cached = this.cache.get(file);
    if (cached) return cached.exports;
    const module: LoadedModule = { exports: {} };
    this.cache.set(file, module);
    if (file.endsWith('.json')) {
      module.exports = JSON.parse(readFileSync(file, 'utf8')) as ModuleExports;
      return module.exports;
    }
    const run = this.compile(file);
    const require = (specifier: string) => this.require(specifier, file);
    run.call(module.exports, module.exports, require, module, file, dirname(file));
    return module.exports;
  }

  /** What `import … from specifier` in `fromFile` gives: a project file run here, or a package loaded by Node. */
  require(specifier: string, fromFile: string): unknown {
    if (EMPTY_IN_ROUTE_HANDLERS.has(specifier)) return {};
    if (specifier.startsWith('node:') || builtinModules.includes(specifier)) return createRequire(fromFile)(specifier);
    const resolved = this.ts.resolveModuleName(specifier, fromFile, this.resolveOptions, this.ts.sys).resolvedModule;
    if (resolved && !resolved.isExternalLibraryImport && !resolved.resolvedFileName.endsWith('.d.ts')) {
      return this.load(resolved.resolvedFileName);
    }
    return createRequire(fromFile)(specifier);
  }

  private compile(file: string): (...args: unknown[]) => void {
    const source = readFileSync(file, 'utf8');
    const output = this.ts.transpileModule(source, { fileName: file, compilerOptions: this.transpileOptions, reportDiagnostics: true });
    const syntaxError = output.diagnostics?.find((diagnostic) => diagnostic.file && diagnostic.category === this.ts.DiagnosticCategory.Error);
    if (syntaxError) throw new UserError(describeDiagnostic(this.ts, syntaxError, this.root));
    try {
      return compileFunction(output.outputText, ['exports', 'require', 'module', '__filename', '__dirname'], { filename: file }) as (
        ...args: unknown[]
      ) => void;
    } catch (error) {
      // What TypeScript lets through but a CommonJS module cannot hold (import.meta, top-level await).
      throw new UserError(`${relative(this.root, file)}: ${(error as Error).message} (next-app-controllers runs the API's modules as CommonJS).`);
    }
  }
}

function describeDiagnostic(ts: TypeScript, diagnostic: TS.Diagnostic, root: string): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  const file = diagnostic.file!;
  const { line, character } = file.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
  return `${relative(root, file.fileName)}:${line + 1}:${character + 1}: syntax error: ${message}`;
}

/** The compiler options of the project's tsconfig.json (`extends` followed), as Next.js reads them. */
function readCompilerOptions(ts: TypeScript, root: string): TS.CompilerOptions {
  const file = join(root, 'tsconfig.json');
  const read = ts.readConfigFile(file, (path) => ts.sys.readFile(path));
  if (read.error) {
    if (!ts.sys.fileExists(file)) return { experimentalDecorators: true, emitDecoratorMetadata: true };
    throw new UserError(`Could not read ${file}: ${ts.flattenDiagnosticMessageText(read.error.messageText, '\n')}`);
  }
  return ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, file).options;
}
