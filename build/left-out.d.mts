import type { Plugin } from 'rollup';

export declare const LEFT_OUT: Record<string, string>;
export declare const STUB_PREFIX: string;
export declare function stubSource(id: string, reason: string): string;
export declare function leaveOut(modules?: Record<string, string>): Plugin;
