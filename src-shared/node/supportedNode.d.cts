// Types of supportedNode.cjs (plain CommonJS so that it runs, and refuses, on old Node).
/** package.json `engines.node`, e.g. ">=24.11". */
export declare const REQUIRED_NODE: string;
export declare function isSupportedNode(version: string, range?: string): boolean;
export declare function unsupportedNodeMessage(program: string, version: string, execPath: string): string;
/** Exits with status 1, saying which Node is needed and how to get it, unless this Node is supported. */
export declare function requireSupportedNode(program: string): void;
