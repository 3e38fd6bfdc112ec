import type { Plugin } from 'rollup';

export declare const SHIM_FILE: string;
export declare function reflectMetadataShim(): Plugin;
