// Hierarchical scopes (docs/seed-mapping.md, seed 000 "Scope Design", extended by architecture.md, *Identity, scopes, audit* with knowledge and
// checkpoints): write implies read, admin implies everything.
export const SCOPES = {
  'research:read': { description: 'Read research projects and status', implies: [] },
  'hypotheses:read': { description: 'Read hypotheses and their details', implies: [] },
  'reviews:read': { description: 'Read hypothesis reviews and scores', implies: [] },
  'knowledge:read': { description: 'Search and read the knowledge base', implies: [] },
  'research:write': { description: 'Create and modify research projects', implies: ['research:read'] },
  'hypotheses:generate': { description: 'Generate new hypotheses', implies: ['research:read', 'hypotheses:read'] },
  'hypotheses:evolve': { description: 'Evolve existing hypotheses', implies: ['hypotheses:read'] },
  'reviews:write': { description: 'Create and modify reviews', implies: ['reviews:read', 'hypotheses:read'] },
  'knowledge:write': { description: 'Add documents and collections to the knowledge base', implies: ['knowledge:read'] },
  'checkpoints:decide': { description: 'Approve, edit or reject workflow checkpoints', implies: ['research:read'] },
  admin: {
    description: 'Full system access',
    implies: [
      'research:read', 'research:write', 'hypotheses:read', 'hypotheses:generate', 'hypotheses:evolve',
      'reviews:read', 'reviews:write', 'knowledge:read', 'knowledge:write', 'checkpoints:decide',
    ],
  },
} as const satisfies Record<string, { description: string; implies: readonly string[] }>;

export type Scope = keyof typeof SCOPES;

export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

export function isScope(value: string): value is Scope {
  return Object.prototype.hasOwnProperty.call(SCOPES, value);
}

/** Every scope a grant confers, following implications transitively. Unknown names confer nothing. */
export function effectiveScopes(granted: readonly string[]): Set<Scope> {
  const result = new Set<Scope>();
  const pending = granted.filter(isScope);
  while (pending.length > 0) {
    const scope = pending.pop() as Scope;
    if (result.has(scope)) continue;
    result.add(scope);
    pending.push(...SCOPES[scope].implies);
  }
  return result;
}

export function hasScopes(granted: readonly string[], required: readonly Scope[]): boolean {
  const effective = effectiveScopes(granted);
  return required.every((scope) => effective.has(scope));
}

export function missingScopes(granted: readonly string[], required: readonly Scope[]): Scope[] {
  const effective = effectiveScopes(granted);
  return required.filter((scope) => !effective.has(scope));
}
