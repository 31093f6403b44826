// `node dist/main/web.js`: the Node version gate, then the web host (main.ts). The host is imported
// only after the gate, so that nothing of it runs on a Node that cannot run the research server.
import { requireSupportedNode } from '../../src-shared/node/supportedNode.cjs';

requireSupportedNode('the Co-Scientist web host');
await import('./main.js');
