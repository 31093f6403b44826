// The app's settings: theme, the checkpoint policy new projects start with, where the data
// lives and which database holds the research, and notifications. The host keeps them (desktop-settings.json in the data folder); each
// change is saved at once and confirmed.
import { useId, useState } from 'react';
import type { DesktopSettings, Theme } from '../../../src-shared/routes/index';
import { useAppInfo } from '../../api/queries';
import { useDesktopSettings, useSaveSettings } from '../../api/researchQueries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { NotificationSwitch } from '../../common/NotificationSwitch';
import { PausePolicyFields } from '../../common/PausePolicyFields';
import { DatabaseSection } from './DatabaseSection';
import { LabServerSection } from './LabServerSection';
import { ProvidersSection } from './ProvidersSection';
import './settings.css';

const THEMES: { id: Theme; label: string; hint: string }[] = [
  { id: 'system', label: 'System', hint: 'follow your operating system' },
  { id: 'light', label: 'Light', hint: '' },
  { id: 'dark', label: 'Dark', hint: '' },
];

/** Choices whose saves have not all settled yet, shown over the cached settings. */
interface Unsettled {
  saves: number;
  draft: Partial<DesktopSettings>;
}
const NOTHING_UNSETTLED: Unsettled = { saves: 0, draft: {} };

export function SettingsView() {
  const id = useId();
  const settings = useDesktopSettings();
  const save = useSaveSettings();
  const info = useAppInfo();
  const current: DesktopSettings | undefined = settings.data;
  // What the scientist just chose is shown in the same frame and kept until every save has
  // settled: the mutation's cache update lands a microtask later, and the answer to an earlier
  // save would otherwise flick a controlled radio or checkbox back to the old value in between.
  const [unsettled, setUnsettled] = useState<Unsettled>(NOTHING_UNSETTLED);
  const shown: DesktopSettings | undefined = current === undefined ? undefined : { ...current, ...unsettled.draft };
  const change = (patch: Partial<DesktopSettings>): void => {
    setUnsettled((before) => ({ saves: before.saves + 1, draft: { ...before.draft, ...patch } }));
    // A failure is shown by `save.isError` (and the cache is put back); here it only settles.
    save
      .mutateAsync(patch)
      .catch(() => undefined)
      .finally(() => setUnsettled((before) => (before.saves <= 1 ? NOTHING_UNSETTLED : { saves: before.saves - 1, draft: before.draft })));
  };

  return (
    <div className="settings" data-testid="settings">
      <h1>Settings</h1>
      {settings.isError ? <ErrorNotice error={settings.error} title="Could not load your settings" onRetry={() => void settings.refetch()} testId="settings-error" /> : null}
      {save.isError ? <ErrorNotice error={save.error} title="That change was not saved" testId="settings-save-error" /> : null}

      <section className="card settings-section" aria-labelledby={`${id}-theme`}>
        <h2 id={`${id}-theme`}>Theme</h2>
        <div className="theme-options" role="radiogroup" aria-labelledby={`${id}-theme`} aria-busy={current === undefined}>
          {THEMES.map((theme) => (
            <label key={theme.id} className="theme-option" htmlFor={`${id}-theme-${theme.id}`}>
              <input
                id={`${id}-theme-${theme.id}`}
                type="radio"
                name={`${id}-theme`}
                value={theme.id}
                data-testid={`theme-${theme.id}`}
                checked={shown?.theme === theme.id}
                disabled={current === undefined}
                onChange={() => change({ theme: theme.id })}
              />
              <span>
                {theme.label}
                {theme.hint ? <span className="muted"> — {theme.hint}</span> : null}
              </span>
            </label>
          ))}
        </div>
      </section>

      <section className="card settings-section" aria-labelledby={`${id}-policy`}>
        <h2 id={`${id}-policy`}>Default checkpoint policy</h2>
        <p className="muted">
          Projects you start here pause at these points for your decision (you can still change it per project when you start one). Points you leave out are approved
          automatically and recorded as decided by the project policy. Projects an assistant starts use the standard policy: every point pauses.
        </p>
        <PausePolicyFields
          idPrefix={`${id}-policy`}
          value={shown?.default_pause_at ?? null}
          onChange={(next) => change({ default_pause_at: next })}
          legend="Pause for your decision at"
          testIdPrefix="settings-pause"
        />
        {/* Always present, so the confirmation appearing does not move anything. */}
        <p className="muted settings-status" role="status" data-testid={save.isSuccess ? 'settings-saved' : undefined}>
          {save.isPending ? 'Saving…' : save.isSuccess ? 'Saved.' : ''}
        </p>
      </section>

      <ProvidersSection />

      <section className="card settings-section" aria-labelledby={`${id}-data`}>
        <h2 id={`${id}-data`}>Data location</h2>
        <p>
          Your research database, settings and knowledge base live in{' '}
          <code data-testid="settings-data-dir">{info.data?.data_dir ?? '…'}</code>.
        </p>
        <p className="muted">
          Every assistant&apos;s Co-Scientist server uses the same folder. To use another one, start Co-Scientist with <code>--data-dir &lt;folder&gt;</code> or set{' '}
          <code>COSCI_DATA_DIR</code>; back it up by copying the folder while Co-Scientist is closed.
        </p>
      </section>

      <DatabaseSection />

      <LabServerSection />

      <section className="card settings-section" aria-labelledby={`${id}-notify`}>
        <h2 id={`${id}-notify`}>Notifications</h2>
        <NotificationSwitch />
      </section>
    </div>
  );
}

