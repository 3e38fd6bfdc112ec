import type { Options } from '@rollup/plugin-terser';

export declare const MINIFY: Options;
export declare const CLI_MINIFY: Options;
