// Handler of the app route (src-shared/routes/app.ts): the host answers it itself.
import type { AppInfo, appRoutes } from '../../src-shared/routes/app.js';
import type { RouteHandlers } from './routeHandlers.js';

export function createAppHandlers(appInfo: () => AppInfo): RouteHandlers<typeof appRoutes> {
  return { 'app.info': async () => ({ ok: true, data: appInfo() }) };
}
