// The header's one-click switch between this computer's research and the lab server's, shown once
// the scientist is signed in to a lab (Settings → Lab server).
import type { LabSideName } from '../../src-shared/routes/index';
import { LAB_SIDE_LABELS, useLabStatus, useSwitchLabSide } from '../api/labQueries';

export function LabSideSwitch() {
  const lab = useLabStatus();
  const switchSide = useSwitchLabSide();
  if (!lab.data?.identity) return null;
  const active = lab.data.active;
  return (
    <div className="lab-side-switch" role="group" aria-label="Work on" data-testid="header-lab-switch">
      {(Object.keys(LAB_SIDE_LABELS) as LabSideName[]).map((side) => (
        <button
          key={side}
          type="button"
          className={`button button-small ${side === active ? 'button-primary' : 'button-secondary'}`}
          aria-pressed={side === active}
          data-testid={`header-lab-side-${side}`}
          disabled={switchSide.isPending}
          onClick={() => side !== active && switchSide.mutate(side)}
        >
          {LAB_SIDE_LABELS[side]}
        </button>
      ))}
    </div>
  );
}
