// What the MCP SDK takes from its environment shims (`@modelcontextprotocol/server/_shims`), chosen
// for the server bundle by scripts/build.mjs: Node's process (stdio), and the JSON Schema validator
// the SDK uses for elicitation answers. The SDK's Node default is Ajv, ~215 KB of bundled code that
// every server start parsed and evaluated (~8 ms) although only an answer to an inline approval
// form ever needs it; the SDK's own @cfworker validator (~40 KB, draft 2020-12) checks those flat
// forms just as well. Tests running the sources keep the SDK's default shims.
export { CfWorkerJsonSchemaValidator as DefaultJsonSchemaValidator } from '@modelcontextprotocol/server/validators/cf-worker';
export { default as process } from 'node:process';
