// Settings → Lab server: the URL of the lab's Co-Scientist server, Sign in (the lab's sign-in page
// opens in the system browser — a new tab in the web host), who is signed in, Sign out, and the one
// click between "This computer" and the lab. When the lab refused a call for a permission this
// sign-in lacks (403 insufficient_scope), the section names it and offers to sign in again for it
// (the host asks for it on top of what is held). The host does the OAuth and keeps the tokens
// (src-main/host/lab/); nothing here sees a token. Switching resets every cached answer, so the
// two sides' data never mix on screen.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LabSideName, LabStatusView } from '../../../src-shared/routes/index';
import { call } from '../../api/cosci';
import { useCosci } from '../../api/CosciProvider';
import { ErrorNotice } from '../../app/ErrorNotice';
import { LAB_KEY, LAB_SIDE_LABELS as SIDES, settleLabStatus, useLabStatus, useSwitchLabSide } from '../../api/labQueries';

export function LabServerSection() {
  const id = useId();
  const api = useCosci();
  const queryClient = useQueryClient();
  const status = useLabStatus();
  const [draftUrl, setDraftUrl] = useState<string | null>(null);
  const settle = (next: LabStatusView): Promise<void> => settleLabStatus(queryClient, next);

  const saveUrl = useMutation({ mutationFn: (url: string) => call(api, 'lab.setUrl', { url }), onSuccess: async (next) => {
    setDraftUrl(null);
    await settle(next);
  } });
  const signIn = useMutation({
    mutationFn: () => call(api, 'lab.signIn', {}),
    onSuccess: ({ authorization_url }) => {
      // The system browser in the desktop app (its window-open guard), a new tab in the web host.
      window.open(authorization_url, '_blank', 'noopener,noreferrer');
      void queryClient.invalidateQueries({ queryKey: LAB_KEY });
    },
  });
  const signOut = useMutation({ mutationFn: () => call(api, 'lab.signOut', {}), onSuccess: settle });
  const switchSide = useSwitchLabSide();

  const lab = status.data;
  const url = draftUrl ?? lab?.url ?? '';
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    saveUrl.mutate(url);
  };
  const failure = saveUrl.error ?? signIn.error ?? signOut.error ?? switchSide.error;

  return (
    <section className="card settings-section" aria-labelledby={`${id}-title`} data-testid="lab-server">
      <h2 id={`${id}-title`}>Lab server</h2>
      <p className="muted">Work on your lab&apos;s shared Co-Scientist server: its projects, inbox and leaderboard, as you, with your lab account.</p>
      {status.isError ? <ErrorNotice error={status.error} title="Could not read the lab server settings" onRetry={() => void status.refetch()} testId="lab-error" /> : null}
      {failure ? <ErrorNotice error={failure} title="That did not work" testId="lab-action-error" /> : null}
      <form className="lab-url" onSubmit={submit}>
        <label htmlFor={`${id}-url`}>Lab server URL</label>
        <input id={`${id}-url`} type="url" inputMode="url" placeholder="https://cosci.lab.example/mcp" value={url} data-testid="lab-url" onChange={(event) => setDraftUrl(event.target.value)} />
        <button type="submit" className="button button-secondary" data-testid="lab-url-save" disabled={saveUrl.isPending || url.trim() === '' || url === lab?.url}>
          Save
        </button>
      </form>
      {lab?.identity ? (
        <p data-testid="lab-identity">
          Signed in as <strong>{lab.identity.name}</strong> <span className="muted">({lab.identity.subject} at {lab.identity.issuer})</span>
        </p>
      ) : lab?.state === 'signing-in' ? (
        <p data-testid="lab-signing-in">Finish signing in in the browser page that opened.</p>
      ) : null}
      {lab?.message ? (
        <p className="notice notice-warning" data-testid="lab-message">
          {lab.message}
        </p>
      ) : null}
      <div className="lab-actions">
        {lab?.identity && lab.scopeNeeded !== null ? (
          <button type="button" className="button button-primary" data-testid="lab-step-up" disabled={signIn.isPending || lab.state === 'signing-in'} onClick={() => signIn.mutate()}>
            Sign in again for {lab.scopeNeeded.split(' ').join(', ')}
          </button>
        ) : null}
        {lab?.identity ? (
          <button type="button" className="button button-secondary" data-testid="lab-sign-out" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
            Sign out
          </button>
        ) : (
          <button type="button" className="button button-primary" data-testid="lab-sign-in" disabled={!lab?.url || signIn.isPending} onClick={() => signIn.mutate()}>
            Sign in
          </button>
        )}
      </div>
      <div className="theme-options" role="radiogroup" aria-label="Work on" data-testid="lab-switch">
        {(Object.keys(SIDES) as LabSideName[]).map((side) => (
          <label key={side} className="theme-option" htmlFor={`${id}-side-${side}`}>
            <input
              id={`${id}-side-${side}`}
              type="radio"
              name={`${id}-side`}
              data-testid={`lab-side-${side}`}
              checked={(lab?.active ?? 'local') === side}
              disabled={lab === undefined || switchSide.isPending || (side === 'lab' && !lab.identity)}
              onChange={() => switchSide.mutate(side)}
            />
            <span>{SIDES[side]}</span>
          </label>
        ))}
      </div>
      <p className="muted">{lab?.storage}</p>
    </section>
  );
}
