// What the scientist calls each client the server knows: "Claude Desktop", not `claude-desktop`.
const NAMES: Record<string, string> = {
  'claude-desktop': 'Claude Desktop',
  'claude-code': 'Claude Code',
  cursor: 'Cursor',
  vscode: 'VS Code',
  'vscode-insiders': 'VS Code Insiders',
  vscodium: 'VSCodium',
  windsurf: 'Windsurf',
  zed: 'Zed',
  'gemini-cli': 'Gemini CLI',
  codex: 'Codex',
  'lm-studio': 'LM Studio',
  cline: 'Cline',
  continue: 'Continue',
  goose: 'Goose',
  desktop: 'this app',
  unknown: 'an unidentified client',
};

export function clientName(id: string): string {
  return NAMES[id] ?? id;
}
