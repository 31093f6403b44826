// electron-builder `afterSign` hook: notarises the signed macOS app with Apple, so Gatekeeper lets
// it run (and lets assistants start its binary) without warnings. Credentials come from the
// environment; without them (local builds, Linux/Windows CI) it says so and skips.
//
//   App Store Connect API key (preferred): APPLE_API_KEY (path to the .p8), APPLE_API_KEY_ID, APPLE_API_ISSUER
//   Apple ID:                              APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID
'use strict';
/* eslint-disable @typescript-eslint/no-require-imports -- electron-builder require()s this hook, so it is CommonJS */
const path = require('node:path');

/** The notarytool credentials present in `env`, or null when none is complete. */
function credentials(env) {
  if (env.APPLE_API_KEY && env.APPLE_API_KEY_ID && env.APPLE_API_ISSUER) {
    return { appleApiKey: env.APPLE_API_KEY, appleApiKeyId: env.APPLE_API_KEY_ID, appleApiIssuer: env.APPLE_API_ISSUER };
  }
  if (env.APPLE_ID && env.APPLE_APP_SPECIFIC_PASSWORD && env.APPLE_TEAM_ID) {
    return { appleId: env.APPLE_ID, appleIdPassword: env.APPLE_APP_SPECIFIC_PASSWORD, teamId: env.APPLE_TEAM_ID };
  }
  return null;
}

exports.credentials = credentials;

exports.default = async function notarizeApp(context) {
  if (context.electronPlatformName !== 'darwin') return;
  const auth = credentials(process.env);
  if (!auth) {
    console.log('notarize: skipped (set APPLE_API_KEY/APPLE_API_KEY_ID/APPLE_API_ISSUER or APPLE_ID/APPLE_APP_SPECIFIC_PASSWORD/APPLE_TEAM_ID to notarise)');
    return;
  }
  // Loaded only here: @electron/notarize comes with electron-builder and is only needed on macOS release builds.
  const { notarize } = require('@electron/notarize');
  const appPath = path.join(context.appOutDir, `${context.packager.appInfo.productFilename}.app`);
  console.log(`notarize: submitting ${appPath} to Apple (this takes a few minutes)`);
  await notarize({ appPath, ...auth });
  console.log('notarize: done');
};
