// The floor of the chat views' paint benchmark (bench/chat-views.ts): a view that does no work of
// its own, handed the same tool result by the same host (ext-apps' AppBridge, the same sandboxed
// iframe, the same structured-clone of the message). It speaks the view side of the MCP Apps
// handshake by hand (no SDK, no React, no schema checks), writes one plain line per row and marks
// its paint as the real views do (viewApp.ts: one animation frame and a task later). Its time is
// what any view pays on this machine at this load before drawing anything of its own.

/** The MCP Apps revision the handshake names (ext-apps' spec.types, PROTOCOL_VERSION). */
const APPS_PROTOCOL_VERSION = '2026-01-26';

const FLOOR_SCRIPT = `
const post = (message) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
window.addEventListener('message', (event) => {
  const message = event.data;
  if (message === null || typeof message !== 'object') return;
  if (message.id === 1 && 'result' in message) return post({ method: 'ui/notifications/initialized', params: {} });
  // Any other request of the host's (a teardown) gets an empty answer.
  if (message.id !== undefined && typeof message.method === 'string') return post({ id: message.id, result: {} });
  if (message.method !== 'ui/notifications/tool-result') return;
  const rows = (message.params.structuredContent && message.params.structuredContent.hypotheses) || [];
  document.querySelector('main').replaceChildren(...rows.map((row) => {
    const line = document.createElement('div');
    line.dataset.testid = 'leaderboard-row';
    line.textContent = row.rank + ' H' + row.number + ' ' + row.summary + ' ' + Math.round(row.elo_score);
    return line;
  }));
  requestAnimationFrame(() => setTimeout(() => { document.documentElement.dataset.paintedAt = String(performance.timeOrigin + performance.now()); }, 0));
});
post({ id: 1, method: 'ui/initialize', params: { appInfo: { name: 'paint-floor', version: '1.0.0' }, appCapabilities: {}, protocolVersion: '${APPS_PROTOCOL_VERSION}' } });
`;

export const FLOOR_VIEW_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Paint floor</title></head><body><main></main><script>${FLOOR_SCRIPT}</script></body></html>`;
