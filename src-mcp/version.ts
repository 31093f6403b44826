// The program version, taken from package.json at build time (esbuild inlines the JSON).
import packageJson from '../package.json';

export const VERSION: string = packageJson.version;
