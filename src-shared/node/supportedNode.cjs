'use strict';
// The Node version gate: the first thing every entry point runs (bin/co-scientist.js, the research
// server, the web host, the npm scripts through `node src-shared/node/supportedNode.cjs`).
// On another Node, better-sqlite3's prebuilt binary crashes the process with a segmentation fault
// and not a word of explanation, so we refuse first and say which Node is needed and how to get it.
//
// Written to run on old Node: CommonJS, `var`, no syntax newer than ES2015, and no import of
// anything native. The required version has one owner, package.json `engines.node` (esbuild
// inlines the JSON into the bundles, as src-mcp/version.ts does); `.nvmrc` names the exact
// version nvm installs, and a test checks that it satisfies the range.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS on purpose: it must run on old Node
var packageJson = require('../../package.json');

var REQUIRED = packageJson.engines.node;

/** `>=MAJOR[.MINOR[.PATCH]]` as [major, minor, patch]; the only range form package.json uses. */
function minimumOf(range) {
  var match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(String(range).trim());
  if (match === null) throw new Error('package.json engines.node must read ">=MAJOR.MINOR[.PATCH]" (got "' + range + '")');
  return [Number(match[1]), Number(match[2] || 0), Number(match[3] || 0)];
}

/** Whether `version` ("24.11.0" or "v24.11.0") satisfies `range` (default: package.json's). */
function isSupportedNode(version, range) {
  var minimum = minimumOf(range === undefined ? REQUIRED : range);
  var parts = String(version).replace(/^v/, '').split('.').map(Number);
  for (var i = 0; i < 3; i += 1) {
    var have = parts[i] || 0;
    if (have !== minimum[i]) return have > minimum[i];
  }
  return true;
}

/** What to tell someone running `program` on an unsupported Node. */
function unsupportedNodeMessage(program, version, execPath) {
  var major = minimumOf(REQUIRED)[0];
  return (
    'Co-Scientist: ' + program + ' needs Node.js ' + REQUIRED + ' (Node ' + major + ' LTS); this is Node ' + version + ' (' + execPath + ').\n' +
    'Install Node ' + major + ' and run it with that node: in the Co-Scientist folder, `nvm install && nvm use` installs\n' +
    'and selects the version named in .nvmrc (or download Node ' + major + ' LTS from https://nodejs.org/).\n'
  );
}

/**
 * Exits with status 1 and the message above unless this Node is supported. Electron carries its
 * own Node, and native modules there are built for it: the packaged app's server is never refused.
 */
function requireSupportedNode(program) {
  if (process.versions.electron !== undefined) return;
  if (isSupportedNode(process.versions.node)) return;
  process.stderr.write(unsupportedNodeMessage(program, process.versions.node, process.execPath));
  process.exit(1);
}

module.exports = { REQUIRED_NODE: REQUIRED, isSupportedNode: isSupportedNode, unsupportedNodeMessage: unsupportedNodeMessage, requireSupportedNode: requireSupportedNode };

/** The npm script running this gate, as it was typed (`npm start`, `npm run build`). */
function npmScriptName() {
  var event = process.env.npm_lifecycle_event;
  if (!event) return undefined;
  return event === 'start' || event === 'test' ? 'npm ' + event : 'npm run ' + event;
}

// `node src-shared/node/supportedNode.cjs`: the first step of the npm scripts (package.json).
if (require.main === module) requireSupportedNode(npmScriptName() || 'this command');
