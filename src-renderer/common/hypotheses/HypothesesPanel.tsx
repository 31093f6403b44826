// A project's hypotheses, ranked first (then by Elo), virtualised and paged; each opens its
// detail. The scientist can add their own from here.
import { useState } from 'react';
import type { HypothesisSummary } from '../../../src-shared/routes/index';
import { useHypothesisList } from '../../api/researchQueries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { Modal } from '../../app/Modal';
import { useNavigation } from '../../app/navigation';
import { pagingOf, VirtualList } from '../../app/VirtualList';
import { AddHypothesisForm } from './AddHypothesisForm';
import { LISTED_STATUS_LABELS, ORIGIN_LABELS } from './labels';
import { Loading } from '../../app/Loading';
import '../selectCard.css';
import './hypotheses.css';

/** `addRefused`: why adding a hypothesis would be refused now (a completed project), or null; the button is then off and says so. */
export function HypothesesPanel({ researchId, addRefused = null }: { researchId: string; addRefused?: string | null }) {
  const list = useHypothesisList(researchId);
  const { navigate } = useNavigation();
  const [adding, setAdding] = useState(false);
  const hypotheses = list.data?.pages.flatMap((page) => page.hypotheses) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  return (
    <div className="hypotheses-panel">
      <div className="hypotheses-toolbar">
        <p className="muted">{list.data ? `${total} ${total === 1 ? 'hypothesis' : 'hypotheses'}, ranked first` : ''}</p>
        <button type="button" className="button button-secondary button-small" data-testid="add-hypothesis-button" disabled={addRefused !== null} aria-describedby={addRefused === null ? undefined : 'add-hypothesis-refused'} onClick={() => setAdding(true)}>
          Add your own hypothesis
        </button>
      </div>
      {addRefused === null ? null : (
        <p className="muted" id="add-hypothesis-refused" data-testid="add-hypothesis-refused">
          {addRefused}
        </p>
      )}
      {list.isError ? (
        <ErrorNotice error={list.error} title="Could not load the hypotheses" onRetry={() => void list.refetch()} testId="hypotheses-error" />
      ) : list.data === undefined ? (
        <Loading label="Loading hypotheses" className="skeleton skeleton-block" />
      ) : hypotheses.length === 0 ? (
        <div className="empty-state" data-testid="hypotheses-empty">
          <p>No hypotheses yet. They appear once the research plan is approved and an assistant generates them.</p>
          <p className="empty-state-prompt">
            Ask Claude: <q>Continue my Co-Scientist research</q>
          </p>
        </div>
      ) : (
        <VirtualList
          items={hypotheses}
          getKey={(h) => h.id}
          estimateSize={86}
          gap={6}
          label="Hypotheses"
          testId="hypothesis-list"
          className="hypothesis-scroll"
          {...pagingOf(list)}
          renderItem={(h) => <HypothesisRow hypothesis={h} onOpen={() => navigate({ section: 'projects', projectId: researchId, hypothesisId: h.id })} />}
        />
      )}
      {adding ? (
        <Modal title="Add your own hypothesis" onClose={() => setAdding(false)} testId="add-hypothesis-dialog" wide>
          <AddHypothesisForm
            researchId={researchId}
            onCancel={() => setAdding(false)}
            onAdded={(id) => {
              setAdding(false);
              navigate({ section: 'projects', projectId: researchId, hypothesisId: id });
            }}
          />
        </Modal>
      ) : null}
    </div>
  );
}

function HypothesisRow({ hypothesis: h, onOpen }: { hypothesis: HypothesisSummary; onOpen: () => void }) {
  return (
    <button type="button" className="select-card hypothesis-item" data-testid="hypothesis-item" data-hypothesis-id={h.id} onClick={onOpen}>
      <span className="hypothesis-item-head">
        <strong>H{h.number}</strong>
        {h.rank !== null ? <span className="chip">rank {h.rank}</span> : null}
        <span className={`badge hypothesis-status-${h.status}`}>{LISTED_STATUS_LABELS[h.status]}</span>
        <span className="chip" data-testid="hypothesis-origin">
          {ORIGIN_LABELS[h.origin]}
        </span>
        {h.awaiting_approval ? <span className="badge badge-waiting">awaiting approval</span> : null}
        <span className="muted hypothesis-item-elo">Elo {Math.round(h.elo_score)}</span>
      </span>
      <span className="hypothesis-item-summary">{h.summary}</span>
    </button>
  );
}
