// The project whose board the Leaderboard section shows (boardPrefetch.ts): the nav item's press
// loads that board before the section mounts, so both must pick the same one.
import { describe, expect, it } from 'vitest';
import type { ProjectSummary } from '../../../../../src-shared/routes/index.js';
import { shownBoardProject } from '../../../../../src-renderer/features/leaderboard/boardPrefetch.js';

const project = (id: string, lastUpdated: string): ProjectSummary => ({
  id, goal: `Goal of ${id}`, domain: 'biology', status: 'active', progress: 0, hypothesis_count: 0, created_at: '2026-01-01T00:00:00Z', last_updated: lastUpdated,
});

describe('shownBoardProject', () => {
  const projects = [project('res_a', '2026-03-01T00:00:00Z'), project('res_b', '2026-05-01T00:00:00Z'), project('res_c', '2026-05-01T00:00:00Z'), project('res_d', '2026-04-01T00:00:00Z')];

  it("is the project in the section's address when there is one", () => {
    expect(shownBoardProject('res_a', projects)).toBe('res_a');
    expect(shownBoardProject('res_gone', [])).toBe('res_gone');
  });

  it('is otherwise the most recently updated project, the first listed of equals', () => {
    expect(shownBoardProject(undefined, projects)).toBe('res_b');
    expect(shownBoardProject(undefined, [...projects].reverse())).toBe('res_c');
  });

  it('is none without projects', () => {
    expect(shownBoardProject(undefined, [])).toBeUndefined();
  });
});
