// The hypothesis card (from show_hypothesis_card, which the leaderboard view's rows call).
import { mountView } from './shared/mount';
import { useViewApp } from './shared/viewApp';
import { Notice } from './shared/Notice';
import { HypothesisCard, parseHypothesisDetail } from './shared/HypothesisCard';

function HypothesisView() {
  const view = useViewApp('hypothesis', parseHypothesisDetail);
  if (view.data === null) return view.problem === null ? <p className="muted" data-testid="view-waiting">Waiting for the hypothesis…</p> : <Notice text={view.problem} />;
  return (
    <main data-testid="hypothesis-view">
      {view.problem === null ? null : <Notice text={view.problem} />}
      <HypothesisCard detail={view.data} />
    </main>
  );
}

mountView(<HypothesisView />);
