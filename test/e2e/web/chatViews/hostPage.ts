// The test host of the chat views, run in Chromium: the SDK's own host-side bridge (AppBridge from
// @modelcontextprotocol/ext-apps) around a sandboxed iframe holding one view's HTML, as Claude or
// VS Code hold it. Tool calls from the view go to the real server through window.callServerTool
// (the spec exposes it); tool results come from the spec (the real server's, over stdio).
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';

type Theme = 'light' | 'dark';
interface ToolCallParams {
  name: string;
  arguments?: Record<string, unknown>;
}
interface ToolResult {
  content: Array<Record<string, unknown>>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

declare global {
  interface Window {
    callServerTool(params: ToolCallParams): Promise<ToolResult>;
    chatHost: ChatHost;
  }
}

/** The tools a view may call: its own app-only tools and the read tools that feed it (what the listing marks for apps). */
interface ChatHost {
  load(html: string, theme: Theme, appTools: string[]): Promise<void>;
  /** Sends a tool result; returns when it was handed to the view (epoch ms). */
  sendResult(result: ToolResult): Promise<number>;
  setTheme(theme: Theme): void;
  /** A raw message as a hostile or broken host would send it; resolves with the view's answer to a request (or null after 2 s). */
  post(message: Record<string, unknown>): Promise<unknown>;
  /** Tool calls the view made, in order. */
  calls: string[];
}

let bridge: AppBridge | null = null;
let frame: HTMLIFrameElement | null = null;

window.chatHost = {
  calls: [],
  async load(html, theme, appTools) {
    frame = document.createElement('iframe');
    // As hosts sandbox a view: scripts, but no origin of its own (no storage, no same-origin access).
    frame.setAttribute('sandbox', 'allow-scripts allow-forms');
    frame.title = 'Co-Scientist view';
    frame.style.cssText = 'width: 100%; height: 900px; border: 0;';
    document.body.append(frame);
    const view = frame.contentWindow;
    if (view === null) throw new Error('The view frame has no window.');
    bridge = new AppBridge(null, { name: 'co-scientist-test-host', version: '1.0.0' }, { serverTools: {} }, { hostContext: { theme, displayMode: 'inline' } });
    bridge.oncalltool = async (params) => {
      window.chatHost.calls.push(params.name);
      // A host lets a view call only the tools the server marked for apps (visibility) and the ones it links.
      if (!appTools.includes(params.name)) return { isError: true, content: [{ type: 'text', text: `The host does not let this view call ${params.name}.` }] };
      return (await window.callServerTool({ name: params.name, arguments: params.arguments ?? {} })) as never;
    };
    const initialized = new Promise<void>((resolve) => {
      if (bridge !== null) bridge.oninitialized = () => resolve();
    });
    await bridge.connect(new PostMessageTransport(view, view));
    frame.srcdoc = html;
    await initialized;
  },
  async sendResult(result) {
    if (bridge === null) throw new Error('No view loaded.');
    const sentAt = performance.timeOrigin + performance.now();
    await bridge.sendToolResult(result as never);
    return sentAt;
  },
  setTheme(theme) {
    bridge?.setHostContext({ theme, displayMode: 'inline' });
  },
  post(message) {
    const view = frame?.contentWindow;
    if (view === null || view === undefined) throw new Error('No view loaded.');
    return new Promise((resolve) => {
      const id = message.id;
      const listener = (event: MessageEvent) => {
        if (event.source !== view || id === undefined || (event.data as { id?: unknown })?.id !== id) return;
        window.removeEventListener('message', listener);
        resolve(event.data);
      };
      window.addEventListener('message', listener);
      view.postMessage(message, '*');
      setTimeout(() => {
        window.removeEventListener('message', listener);
        resolve(null);
      }, 2000);
    });
  },
};
