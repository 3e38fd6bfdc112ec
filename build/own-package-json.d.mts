import type { Plugin } from 'rollup';

export declare const OWN_PACKAGE_JSON_READS: Record<string, string>;
export declare function inlineOwnPackageJson(reads?: Record<string, string>): Plugin;
