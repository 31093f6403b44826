// Handlers of the audit-log routes (src-shared/routes/audit.ts): each is one desktop-only tool call
// on the research server, which keeps, verifies and exports the log.
import type { auditRoutes } from '../../src-shared/routes/audit.js';
import { dropUndefined, type CallTool, type RouteHandlers } from './routeHandlers.js';

export function createAuditHandlers(tool: CallTool): RouteHandlers<typeof auditRoutes> {
  return {
    'audit.query': (input) => tool('query_audit_log', dropUndefined(input)),
    'audit.verify': () => tool('verify_audit_log', {}),
    'audit.export': (input) => tool('export_audit_log', dropUndefined(input)),
  };
}
