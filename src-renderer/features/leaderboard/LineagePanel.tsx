// The evolution lineage as an SVG graph: each evolved hypothesis to the right of the ones it was
// evolved from. Nodes are keyboard-focusable; choosing one highlights its ancestors and
// descendants and shows its summary under the graph.
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { LeaderboardRow } from '../../../src-shared/routes/index';
import { methodLabel } from './labels';
import { layoutLineage, NODE_HEIGHT, NODE_WIDTH } from './lineageLayout';

export function LineagePanel({ rows, onOpen }: { rows: readonly LeaderboardRow[]; onOpen?: ((id: string) => void) | undefined }) {
  const id = useId();
  const layout = useMemo(() => layoutLineage(rows), [rows]);
  const [focusId, setFocusId] = useState<string | null>(null);
  const byId = useMemo(() => new Map(rows.map((row) => [row.id, row])), [rows]);
  const related = useMemo(() => relatives(layout.edges, focusId), [layout.edges, focusId]);
  const focused = focusId === null ? undefined : byId.get(focusId);

  if (layout.nodes.length === 0) {
    return (
      <div className="empty-state" data-testid="lineage-empty">
        <p>No evolved hypotheses yet.</p>
        <p className="muted">
          After a tournament round the workflow proposes an evolution plan: approve it, and the refined, combined or simplified variants appear here linked to the hypotheses they came from.
        </p>
      </div>
    );
  }

  // The accessible name starts with the node's visible text (what a voice-control user says),
  // then adds what the drawing shows only by its edges: the parents.
  const label = (row: LeaderboardRow): string => {
    const parents = row.parents.map((p) => `H${byId.get(p)?.number ?? '?'}`);
    return `${nodeTitle(row)} ${nodeMeta(row)}${parents.length > 0 ? `, from ${parents.join(' and ')}` : ''}`;
  };
  const onKey = (event: KeyboardEvent, rowId: string): void => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setFocusId((now) => (now === rowId ? null : rowId));
    }
  };

  return (
    <div className="lineage" data-testid="lineage">
      <p className="muted">
        {layout.nodes.length} hypotheses in {layout.edges.length} evolution links. Choose a hypothesis to trace its ancestors and descendants.
        {layout.omitted > 0 ? ` ${layout.omitted} more in lower-ranked families are not drawn.` : ''}
      </p>
      <div className="lineage-scroll">
        <svg width={layout.width} height={layout.height} viewBox={`0 0 ${layout.width} ${layout.height}`} role="group" aria-labelledby={`${id}-title`} className="lineage-svg">
          <title id={`${id}-title`}>Evolution lineage: generations from left to right</title>
          <g aria-hidden="true">
            {layout.edges.map((edge) => (
              <path key={`${edge.from}-${edge.to}`} d={edge.path} className={`lineage-edge${related.has(edge.from) && related.has(edge.to) ? ' is-related' : ''}`} data-testid="lineage-edge" data-from={edge.from} data-to={edge.to} />
            ))}
          </g>
          {layout.nodes.map(({ row, x, y }) => (
            <g
              key={row.id}
              transform={`translate(${x} ${y})`}
              role="button"
              tabIndex={0}
              aria-label={label(row)}
              aria-pressed={focusId === row.id}
              className={`lineage-node origin-${row.origin}${focusId === row.id ? ' is-focus' : related.has(row.id) ? ' is-related' : ''}`}
              onClick={() => setFocusId((now) => (now === row.id ? null : row.id))}
              onKeyDown={(event) => onKey(event, row.id)}
              data-testid="lineage-node"
              data-id={row.id}
            >
              <rect width={NODE_WIDTH} height={NODE_HEIGHT} rx={8} />
              {/* The trailing space keeps the two lines two words apart in the node's text content,
                  which must match the start of its accessible name. */}
              <text x={10} y={19} className="lineage-node-title">
                {`${nodeTitle(row)} `}
              </text>
              <text x={10} y={37} className="lineage-node-meta">
                {nodeMeta(row)}
              </text>
            </g>
          ))}
        </svg>
      </div>
      {focused ? (
        <div className="card lineage-detail" data-testid="lineage-detail" aria-live="polite">
          <h2>
            H{focused.number} <code>{focused.id}</code>
          </h2>
          <p>{focused.summary}</p>
          {onOpen ? (
            <button type="button" className="button button-secondary button-small" data-testid="lineage-open" onClick={() => onOpen(focused.id)}>
              Read H{focused.number} in full
            </button>
          ) : null}
          <p className="muted">
            {focused.parents.length > 0 ? `Evolved (${methodLabel(focused.method)}) from ${focused.parents.map((p) => `H${byId.get(p)?.number ?? '?'}`).join(' and ')}.` : 'An original hypothesis.'}
          </p>
        </div>
      ) : null}
    </div>
  );
}

function nodeTitle(row: LeaderboardRow): string {
  return `H${row.number}${row.rank === null ? '' : ` · #${row.rank}`}${row.certified_top_k ? ' ✓' : ''}`;
}

function nodeMeta(row: LeaderboardRow): string {
  return `${row.origin === 'evolved' ? methodLabel(row.method) : 'original'} · Elo ${Math.round(row.elo_score)}`;
}

/** The focused hypothesis with all its ancestors and descendants. */
function relatives(edges: ReadonlyArray<{ from: string; to: string }>, focus: string | null): Set<string> {
  const out = new Set<string>();
  if (focus === null) return out;
  const walk = (start: string, next: (id: string) => string[]): void => {
    const stack = [start];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (out.has(id) && id !== start) continue;
      out.add(id);
      stack.push(...next(id).filter((n) => !out.has(n)));
    }
  };
  walk(focus, (id) => edges.filter((e) => e.to === id).map((e) => e.from));
  walk(focus, (id) => edges.filter((e) => e.from === id).map((e) => e.to));
  return out;
}
