// The options of a menu that picks a project, each named by its goal cut to fit the menu.
import { clipped } from './format';

export function ProjectGoalOptions({ projects, maxChars }: { projects: ReadonlyArray<{ id: string; goal: string }>; maxChars: number }) {
  return projects.map((project) => (
    <option key={project.id} value={project.id}>
      {clipped(project.goal, maxChars)}
    </option>
  ));
}
