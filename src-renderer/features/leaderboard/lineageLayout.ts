// Layout of the evolution lineage: hypotheses that were evolved, or evolved from, as a layered
// graph. Generations are columns (a child sits right of its deepest parent); within a column,
// roots go by rank and children by the average height of their parents, which keeps most edges
// short and uncrossed without a graph-layout library.
import type { LeaderboardRow } from '../../../src-shared/routes/index';

export const NODE_WIDTH = 168;
export const NODE_HEIGHT = 48;
const GAP_X = 72;
const GAP_Y = 14;
const MARGIN = 12;
/** Beyond this the graph stops being readable; the best-ranked families are kept. */
export const MAX_NODES = 240;

export interface LineageNode {
  row: LeaderboardRow;
  depth: number;
  x: number;
  y: number;
}

export interface LineageEdge {
  from: string;
  to: string;
  path: string;
}

export interface LineageLayout {
  nodes: LineageNode[];
  edges: LineageEdge[];
  width: number;
  height: number;
  /** Family members left out to stay under MAX_NODES. */
  omitted: number;
}

const byRank = (a: LeaderboardRow, b: LeaderboardRow): number => (a.rank ?? Infinity) - (b.rank ?? Infinity) || a.number - b.number;

export function layoutLineage(rows: readonly LeaderboardRow[], maxNodes = MAX_NODES): LineageLayout {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const parentsOf = (row: LeaderboardRow): LeaderboardRow[] => row.parents.map((id) => byId.get(id)).filter((p): p is LeaderboardRow => p !== undefined);
  const children = rows.filter((row) => parentsOf(row).length > 0);

  // Whole families, best-ranked child first, until the budget is spent.
  const kept = new Set<string>();
  const familyMembers = new Set<string>();
  const ancestry = (row: LeaderboardRow, into: Set<string>): void => {
    if (into.has(row.id)) return;
    into.add(row.id);
    for (const parent of parentsOf(row)) ancestry(parent, into);
  };
  for (const child of [...children].sort(byRank)) {
    const family = new Set<string>();
    ancestry(child, family);
    let added = 0;
    for (const id of family) {
      familyMembers.add(id);
      if (!kept.has(id)) added += 1;
    }
    if (kept.size + added > maxNodes) continue;
    for (const id of family) kept.add(id);
  }

  const depth = new Map<string, number>();
  const depthOf = (row: LeaderboardRow, path: Set<string> = new Set()): number => {
    const known = depth.get(row.id);
    if (known !== undefined) return known;
    // A cycle cannot come from evolution; if the data ever had one, treat the repeat as a root.
    if (path.has(row.id)) return 0;
    path.add(row.id);
    const parents = parentsOf(row).filter((p) => kept.has(p.id));
    const value = parents.length === 0 ? 0 : 1 + Math.max(...parents.map((p) => depthOf(p, path)));
    depth.set(row.id, value);
    return value;
  };
  const members = [...kept].map((id) => byId.get(id) as LeaderboardRow);
  const columns: LeaderboardRow[][] = [];
  for (const row of members) (columns[depthOf(row)] ??= []).push(row);

  const y = new Map<string, number>();
  const nodes: LineageNode[] = [];
  columns.forEach((column, d) => {
    const height = (row: LeaderboardRow): number => {
      const placed = parentsOf(row).map((p) => y.get(p.id)).filter((v): v is number => v !== undefined);
      return placed.length === 0 ? Infinity : placed.reduce((sum, v) => sum + v, 0) / placed.length;
    };
    const ordered = d === 0 ? [...column].sort(byRank) : [...column].sort((a, b) => height(a) - height(b) || byRank(a, b));
    ordered.forEach((row, i) => {
      const top = MARGIN + i * (NODE_HEIGHT + GAP_Y);
      y.set(row.id, top);
      nodes.push({ row, depth: d, x: MARGIN + d * (NODE_WIDTH + GAP_X), y: top });
    });
  });

  const position = new Map(nodes.map((node) => [node.row.id, node]));
  const edges: LineageEdge[] = [];
  for (const node of nodes) {
    for (const parent of parentsOf(node.row)) {
      const from = position.get(parent.id);
      if (from === undefined) continue;
      const x1 = from.x + NODE_WIDTH;
      const y1 = from.y + NODE_HEIGHT / 2;
      const x2 = node.x;
      const y2 = node.y + NODE_HEIGHT / 2;
      const bend = (x2 - x1) / 2;
      edges.push({ from: parent.id, to: node.row.id, path: `M${x1},${y1} C${x1 + bend},${y1} ${x2 - bend},${y2} ${x2},${y2}` });
    }
  }
  const tallest = Math.max(0, ...columns.map((column) => column.length));
  return {
    nodes,
    edges,
    width: MARGIN * 2 + columns.length * NODE_WIDTH + Math.max(0, columns.length - 1) * GAP_X,
    height: MARGIN * 2 + tallest * NODE_HEIGHT + Math.max(0, tallest - 1) * GAP_Y,
    omitted: familyMembers.size - kept.size,
  };
}
