// The one hypothesis side panel: HypothesisDetail in an aside beside a list (the leaderboard, the
// inbox, the arena), or over it as a drawer in a narrow window. Esc closes it, unless the focus is
// in a field (Esc there belongs to the field, e.g. leaving the rename form).
import { useEffect } from 'react';
import { HypothesisDetail } from './HypothesisDetail';

export function HypothesisSidePanel({ hypothesisId, onClose, hideStandings = false }: { hypothesisId: string; onClose: () => void; hideStandings?: boolean }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.key === 'Escape' && !(event.target as HTMLElement | null)?.closest('input, textarea, select')) onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <aside className="hypothesis-side" aria-label="Hypothesis" data-testid="hypothesis-panel">
      <HypothesisDetail key={hypothesisId} hypothesisId={hypothesisId} onBack={onClose} backLabel="Close ✕" hideStandings={hideStandings} />
    </aside>
  );
}
