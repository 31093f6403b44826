// The workflow as it happened, oldest first: each task with the reasoner that did it, each
// checkpoint with who decided and their note, and the project's key moments. Virtualised, and
// paged from the server as the scientist scrolls.
import type { TimelineEntry } from '../../../src-shared/routes/index';
import { useProjectTimeline } from '../../api/researchQueries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { pagingOf, VirtualList } from '../../app/VirtualList';
import { dateTime } from '../../common/format';
import { describeEntry, entryTime, whoLabel } from './timelineFormat';
import { Loading } from '../../app/Loading';

const time = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });

export function ProjectTimeline({ researchId }: { researchId: string }) {
  const timeline = useProjectTimeline(researchId);
  const entries = timeline.data?.pages.flatMap((page) => page.entries) ?? [];
  if (timeline.isError) return <ErrorNotice error={timeline.error} title="Could not load the timeline" onRetry={() => void timeline.refetch()} testId="timeline-error" />;
  if (timeline.data === undefined) return <Loading label="Loading the timeline" className="skeleton skeleton-block" />;
  return (
    <VirtualList
      items={entries}
      getKey={(entry) => `${entry.source}:${entry.id}`}
      estimateSize={58}
      label="Project timeline"
      testId="timeline"
      className="timeline"
      focusable
      {...pagingOf(timeline)}
      renderItem={(entry) => <TimelineRow entry={entry} />}
    />
  );
}

function TimelineRow({ entry }: { entry: TimelineEntry }) {
  const text = describeEntry(entry, whoLabel);
  const stamp = entryTime(entry);
  const at = Date.parse(stamp);
  return (
    <div className={`timeline-entry timeline-${text.tone}`} data-testid="timeline-entry" data-source={entry.source} data-kind={entry.kind}>
      <time className="timeline-time" dateTime={stamp} title={dateTime(stamp)}>
        {Number.isNaN(at) ? stamp : time.format(at)}
      </time>
      <span className="timeline-dot" aria-hidden="true" />
      <div className="timeline-body">
        <p className="timeline-title">{text.title}</p>
        {text.detail ? <p className="timeline-detail muted">{text.detail}</p> : null}
        {entry.note ? (
          <p className="timeline-note" data-testid="timeline-note">
            {entry.source === 'task' ? `Last problem: ${entry.note}` : `“${entry.note}”`}
          </p>
        ) : null}
      </div>
    </div>
  );
}
