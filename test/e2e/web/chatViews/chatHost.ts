// The Node side of the chat views' harness: the real server over stdio (a client that declares
// MCP Apps, as Claude does), the view's HTML read from it as a host reads it, and the harness page
// (hostPage.ts, bundled here with esbuild) in Chromium, its view calls relayed to the server.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Frame, FrameLocator, Page } from '@playwright/test';
import type { CallToolResult } from '@modelcontextprotocol/client';
import { connectServer, type ConnectedServer, type ServerProcess, type ToolClient } from '../../../support/server.js';
import { chatViewUri, type ChatViewName } from '../../../../src-shared/chatViews.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));

let bundled: Promise<string> | undefined;
/** hostPage.ts as one script (AppBridge and its dependencies included). */
function hostScript(): Promise<string> {
  bundled ??= build({ entryPoints: [path.join(HERE, 'hostPage.ts')], bundle: true, write: false, format: 'iife', platform: 'browser', target: 'chrome120', logLevel: 'warning' }).then((out) => out.outputFiles[0]!.text);
  return bundled;
}

export type Theme = 'light' | 'dark';

/** A server for one client id on a data dir, declaring MCP Apps. */
export function appsClient(dataDir: string, client: string): Promise<ConnectedServer<ToolClient, ServerProcess>> {
  return connectServer({ dataDir, client, showsApps: true });
}

export class ChatHost {
  constructor(
    readonly page: Page,
    private readonly server: ConnectedServer<ToolClient, ServerProcess>,
  ) {}

  /** The view's frame, for locators. */
  get view(): FrameLocator {
    return this.page.frameLocator('iframe[title="Co-Scientist view"]');
  }

  viewFrame(): Frame {
    const frame = this.page.frames().find((candidate) => candidate !== this.page.mainFrame());
    if (frame === undefined) throw new Error('No view frame on the page.');
    return frame;
  }

  /** Opens the harness with the view the server serves at its ui:// address. */
  async open(name: ChatViewName, theme: Theme, appTools: readonly string[]): Promise<void> {
    const { contents } = await this.server.client.readResource({ uri: chatViewUri(name) });
    const html = (contents[0] as { text?: string } | undefined)?.text;
    if (html === undefined) throw new Error(`${chatViewUri(name)} has no text.`);
    await this.openHtml(html, theme, appTools);
  }

  /** Opens the harness with a view's HTML given here (the paint benchmark's floor view). */
  async openHtml(html: string, theme: Theme, appTools: readonly string[]): Promise<void> {
    await this.page.exposeFunction('callServerTool', (params: { name: string; arguments: Record<string, unknown> }) => this.server.client.callTool(params));
    await this.page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Co-Scientist chat views harness</title></head><body><main><h1 style="font: 12px sans-serif">Harness</h1></main></body></html>`);
    await this.page.addScriptTag({ content: await hostScript() });
    await this.page.evaluate(({ html, theme, appTools }) => window.chatHost.load(html, theme, appTools), { html, theme, appTools: [...appTools] });
  }

  /** Calls a tool on the real server (as the model would) and hands its result to the view; returns the result. */
  async feed(tool: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const result = (await this.server.client.callTool({ name: tool, arguments: args })) as CallToolResult;
    if (result.isError === true) throw new Error(`${tool} failed: ${JSON.stringify(result.content)}`);
    await this.send(result);
    return result;
  }

  /** Hands a result to the view; returns when it was sent (epoch ms, the page's clock). */
  send(result: unknown): Promise<number> {
    return this.page.evaluate((r) => window.chatHost.sendResult(r as never), result);
  }

  setTheme(theme: Theme): Promise<void> {
    return this.page.evaluate((t) => window.chatHost.setTheme(t), theme);
  }

  post(message: Record<string, unknown>): Promise<unknown> {
    return this.page.evaluate((m) => window.chatHost.post(m), message);
  }

  calls(): Promise<string[]> {
    return this.page.evaluate(() => window.chatHost.calls);
  }
}
