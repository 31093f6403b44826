// What each assistant may do, shown and changeable (issue 18 item 13), for every assistant
// Co-Scientist knows of: connected by the app or found on this machine (with the defaults it would
// get, before its first call), and any other that has called. Each box is one scope of the
// assistant's policy; a change is saved at once through the desktop-only set_client_policy tool,
// which audits it and which the assistant's own server enforces from its next call on
// (architecture.md, *Identity, scopes, audit*). The words are the scientist's; the scope names
// stay visible in a tooltip for the audit log.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssistantPolicy, AssistantState } from '../../../src-shared/routes/index';
import { call } from '../../api/cosci';
import { useCosci } from '../../api/CosciProvider';
import { useAssistants } from '../../api/queries';
import { clientName } from '../../app/clientNames';
import { ErrorNotice } from '../../app/ErrorNotice';
import { Loading } from '../../app/Loading';

// Under ['assistants']: connecting or disconnecting an assistant refreshes this list too.
const policyKey = ['assistants', 'policies'] as const;

/** In the order a scientist thinks of them: reading, then doing, then deciding. */
const SCOPE_LABELS: ReadonlyArray<{ scope: string; label: string }> = [
  { scope: 'research:read', label: 'See research projects and their status' },
  { scope: 'hypotheses:read', label: 'Read hypotheses' },
  { scope: 'reviews:read', label: 'Read reviews and scores' },
  { scope: 'knowledge:read', label: 'Search the knowledge base' },
  { scope: 'research:write', label: 'Start, pause and change projects' },
  { scope: 'hypotheses:generate', label: 'Generate hypotheses and do research work' },
  { scope: 'hypotheses:evolve', label: 'Evolve hypotheses' },
  { scope: 'reviews:write', label: 'Write reviews and comparisons' },
  { scope: 'knowledge:write', label: 'Add documents to the knowledge base' },
  { scope: 'admin', label: 'Everything (full access)' },
];

/** Deciding in chat needs both the scope and the policy's switch: one box sets the two together. */
const DECIDE_SCOPE = 'checkpoints:decide';

const labelOf = (scope: string): string => SCOPE_LABELS.find((entry) => entry.scope === scope)?.label ?? scope;

/**
 * Which shown scopes another granted scope confers, and the first one that does (the reason shown):
 * `research:write` includes `research:read`, so that box is ticked and cannot be unticked alone.
 */
export function impliedScopes(granted: readonly string[], implications: Readonly<Record<string, readonly string[]>>): Map<string, string> {
  const implied = new Map<string, string>();
  for (const by of granted) {
    const pending = [...(implications[by] ?? [])];
    const seen = new Set<string>();
    while (pending.length > 0) {
      const scope = pending.shift() as string;
      if (seen.has(scope)) continue;
      seen.add(scope);
      if (scope !== by && !implied.has(scope)) implied.set(scope, by);
      pending.push(...(implications[scope] ?? []));
    }
  }
  return implied;
}

/** Every client's policy, with its calls: the Assistants list counts an assistant that called as known. */
export function usePolicies() {
  const api = useCosci();
  return useQuery({ queryKey: policyKey, queryFn: () => call(api, 'assistants.policies', {}) });
}

interface SetPolicyInput {
  client_id: string;
  scopes: string[];
  may_decide_checkpoints: boolean;
}

function useSetPolicy() {
  const api = useCosci();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetPolicyInput) => call(api, 'assistants.setPolicy', input),
    // Returned, so the mutation stays pending until the re-read policies are on screen.
    onSettled: () => queryClient.invalidateQueries({ queryKey: policyKey }),
  });
}

/** How Co-Scientist knows this assistant, in the scientist's words. */
function knownAs(policy: AssistantPolicy, states: readonly AssistantState[] | undefined): string {
  const mine = (states ?? []).filter((state) => state.id === policy.client_id);
  const how = mine.some((state) => state.registered) ? 'connected' : mine.some((state) => state.installed) ? 'found on this computer, not connected' : null;
  const calls = policy.calls > 0 ? `${policy.calls.toLocaleString()} calls` : 'no calls yet';
  return [how, calls, policy.source === 'default' ? 'default permissions' : null].filter((part): part is string => part !== null).join(' · ');
}

export function AssistantPermissions() {
  const policies = usePolicies();
  const assistants = useAssistants();
  const list = (policies.data?.policies ?? []).filter((policy) => policy.client_id !== 'desktop');
  return (
    <section className="assistant-permissions" aria-labelledby="permissions-title" data-testid="assistant-permissions">
      <h2 id="permissions-title">What each assistant may do</h2>
      <p className="muted intro">
        Every assistant connected to Co-Scientist or found on this computer, and any other that has called it. Changes apply from the
        assistant’s next call and are recorded in the audit log.
      </p>
      {policies.isError ? (
        <ErrorNotice error={policies.error} title="Could not load the assistants’ permissions" onRetry={() => void policies.refetch()} testId="permissions-error" />
      ) : !policies.data ? (
        <Loading label="Loading permissions" className="card is-loading" shapes={['line']} />
      ) : list.length === 0 ? (
        <p className="muted" data-testid="permissions-empty">
          No assistant is connected or found on this computer, and none has called Co-Scientist yet.
        </p>
      ) : (
        list.map((policy) => (
          <PolicyCard key={policy.client_id} policy={policy} knownAs={knownAs(policy, assistants.data)} implications={policies.data?.scope_implications ?? {}} />
        ))
      )}
    </section>
  );
}

function PolicyCard({ policy, knownAs, implications }: { policy: AssistantPolicy; knownAs: string; implications: Readonly<Record<string, readonly string[]>> }) {
  const id = useId();
  const save = useSetPolicy();
  // The box follows the click at once and shows the change until the re-read policies do. Local
  // state set in the click itself, not the mutation's: that state arrives a tick later, and until
  // then React puts a controlled box back as it was, as if the click had not happened.
  const [clicked, setClicked] = useState<SetPolicyInput | null>(null);
  const shown = clicked ?? policy;
  const saving = clicked !== null || save.isPending;
  const granted = new Set(shown.scopes);
  const implied = impliedScopes(shown.scopes, implications);
  const mayDecide = shown.may_decide_checkpoints && (granted.has(DECIDE_SCOPE) || implied.has(DECIDE_SCOPE));
  const change = (next: { scopes?: string[]; may_decide_checkpoints?: boolean }): void => {
    const input = { client_id: policy.client_id, scopes: next.scopes ?? policy.scopes, may_decide_checkpoints: next.may_decide_checkpoints ?? policy.may_decide_checkpoints };
    setClicked(input);
    save.mutate(input, { onSettled: () => setClicked(null) });
  };
  const toggle = (scope: string, on: boolean): void => change({ scopes: on ? [...policy.scopes, scope] : policy.scopes.filter((s) => s !== scope) });
  const setDecide = (on: boolean): void =>
    change({
      scopes: on ? [...new Set([...policy.scopes, DECIDE_SCOPE])] : policy.scopes.filter((s) => s !== DECIDE_SCOPE),
      may_decide_checkpoints: on,
    });
  return (
    <fieldset className="card policy-card" data-testid={`policy-${policy.client_id}`} aria-busy={saving}>
      <legend>
        <strong>{clientName(policy.client_id)}</strong>{' '}
        <span className="muted" data-testid="policy-known-as">
          {knownAs}
        </span>
      </legend>
      <div className="policy-scopes">
        {SCOPE_LABELS.map(({ scope, label }) => {
          const by = implied.get(scope);
          return (
            <label key={scope} htmlFor={`${id}-${scope}`} title={scope} className="policy-scope">
              <input
                id={`${id}-${scope}`}
                type="checkbox"
                checked={by !== undefined || granted.has(scope)}
                disabled={saving || by !== undefined}
                onChange={(event) => toggle(scope, event.target.checked)}
                aria-describedby={by === undefined ? undefined : `${id}-${scope}-why`}
                data-testid={`scope-${scope}`}
              />
              {label}
              {by !== undefined ? (
                <span className="muted" id={`${id}-${scope}-why`} data-testid="scope-implied">
                  {' '}
                  (included in “{labelOf(by)}”)
                </span>
              ) : null}
            </label>
          );
        })}
        <label htmlFor={`${id}-decide`} className="policy-scope">
          <input
            id={`${id}-decide`}
            type="checkbox"
            checked={mayDecide}
            disabled={saving}
            onChange={(event) => setDecide(event.target.checked)}
            data-testid="scope-may-decide"
          />
          May approve or reject checkpoints in chat
        </label>
      </div>
      {save.isError ? <ErrorNotice error={save.error} title="The change was not saved" testId="policy-error" /> : null}
      {save.isSuccess ? (
        <p className="muted" role="status" data-testid="policy-saved">
          Saved. {clientName(policy.client_id)} gets these permissions from its next call.
        </p>
      ) : null}
    </fieldset>
  );
}
