// Settings → Providers: the LLM APIs that run research projects in the background while the app is
// open (Anthropic; OpenAI-compatible, which covers Ollama, LM Studio and vLLM). The API key field
// is write-only: the app never shows a stored key again, it only says one is stored.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProviderSettings, ProviderTest, ProviderView } from '../../../src-shared/routes/index';
import { call } from '../../api/cosci';
import { useCosci } from '../../api/CosciProvider';
import { ErrorNotice } from '../../app/ErrorNotice';
import './providers.css';
import '../../common/stackList.css';

const PROVIDERS_KEY = ['providers'] as const;

/** One entry per provider kind (src-shared/schemas/providers.ts): a kind without one fails the typecheck. */
const PRESETS: Record<ProviderSettings['kind'], { label: string; base_url: string; hint: string }> = {
  anthropic: { label: 'Anthropic', base_url: 'https://api.anthropic.com', hint: 'Anthropic Messages API.' },
  openai: { label: 'OpenAI-compatible', base_url: 'https://api.openai.com/v1', hint: 'OpenAI, or a local server: Ollama http://127.0.0.1:11434/v1, LM Studio http://127.0.0.1:1234/v1, vLLM http://127.0.0.1:8000/v1 (no key needed on this computer).' },
};

const AVAILABILITY: Record<ProviderView['availability'], string> = {
  ready: 'Ready',
  disabled: 'Off',
  needs_key: 'Needs a key',
  insecure_url: 'Not secure',
  rejected: 'Key rejected',
};

const EMPTY: ProviderSettings = { name: '', kind: 'anthropic', base_url: PRESETS.anthropic.base_url, models: { generation: '' }, concurrency: 4, timeout_seconds: 120, max_retries: 3, prices: {}, enabled: true };

function useProviders() {
  const api = useCosci();
  return useQuery({ queryKey: PROVIDERS_KEY, queryFn: () => call(api, 'providers.get', {}) });
}

function useProviderMutation<I>(run: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => void queryClient.invalidateQueries({ queryKey: PROVIDERS_KEY }) });
}

export function ProvidersSection() {
  const id = useId();
  const api = useCosci();
  const providers = useProviders();
  const [editing, setEditing] = useState<ProviderView | 'new' | null>(null);
  const [confirmRemove, setConfirmRemove] = useState<string | null>(null);
  const remove = useProviderMutation((name: string) => call(api, 'providers.remove', { name }));

  return (
    <section className="card settings-section providers" aria-labelledby={`${id}-title`} data-testid="providers">
      <h2 id={`${id}-title`}>Reasoning providers</h2>
      <p className="muted">
        With a provider, research projects run on their own in the background while this app is open — generation, reviews and the whole tournament — and you only answer
        checkpoints. Without one, the assistant you work with does the thinking.
      </p>
      {providers.isError ? <ErrorNotice error={providers.error} title="Could not load the providers" onRetry={() => void providers.refetch()} testId="providers-error" /> : null}
      {providers.data && !providers.data.keys_persist ? (
        <p className="notice notice-warning" data-testid="providers-keys-memory">
          {providers.data.key_storage}
        </p>
      ) : null}
      <ul className="provider-list stack-list" aria-busy={providers.isPending}>
        {providers.data?.providers.map((provider) => (
          <li key={provider.name} className="provider-row" data-testid={`provider-${provider.name}`}>
            <div>
              <strong>{provider.name}</strong> <span className="muted">{PRESETS[provider.kind].label} · {provider.base_url}</span>
              <div className="muted">
                Models: {provider.models.generation}
                {provider.models.review ? ` · review ${provider.models.review}` : ''}
                {provider.models.judging ? ` · judging ${provider.models.judging}` : ''} · {provider.concurrency} at once · key {provider.has_key ? 'stored' : 'none'}
              </div>
              {provider.problem ? <div className="provider-problem">{provider.problem}</div> : null}
            </div>
            <span className={`provider-state provider-state-${provider.availability}`} data-testid={`provider-${provider.name}-state`}>
              {AVAILABILITY[provider.availability]}
            </span>
            <div className="provider-actions">
              <button type="button" className="button button-secondary button-small" onClick={() => setEditing(provider)}>
                Edit
              </button>
              {confirmRemove === provider.name ? (
                <button type="button" className="button button-danger button-small" data-testid={`provider-${provider.name}-confirm-remove`} onClick={() => remove.mutate(provider.name, { onSettled: () => setConfirmRemove(null) })}>
                  Remove (and forget its key)
                </button>
              ) : (
                <button type="button" className="button button-secondary button-small" onClick={() => setConfirmRemove(provider.name)}>
                  Remove
                </button>
              )}
            </div>
          </li>
        ))}
        {providers.data?.providers.length === 0 ? <li className="muted">No provider yet.</li> : null}
      </ul>
      {remove.isError ? <ErrorNotice error={remove.error} title="The provider was not removed" /> : null}
      {editing === null ? (
        <div className="form-actions">
          <button type="button" className="button button-primary" data-testid="provider-add" onClick={() => setEditing('new')}>
            Add a provider
          </button>
        </div>
      ) : (
        <ProviderForm key={editing === 'new' ? 'new' : editing.name} initial={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      )}
    </section>
  );
}

function ProviderForm({ initial, onDone }: { initial: ProviderView | null; onDone: () => void }) {
  const ids = useId();
  const api = useCosci();
  const [form, setForm] = useState<ProviderSettings>(() => (initial === null ? EMPTY : stripView(initial)));
  const [apiKey, setApiKey] = useState('');
  const [forgetKey, setForgetKey] = useState(false);
  const save = useProviderMutation((input: { provider: ProviderSettings; api_key?: string | null }) => call(api, 'providers.set', input));
  const test = useMutation({ mutationFn: (input: { provider: ProviderSettings; api_key?: string }) => call(api, 'providers.test', input) });
  const update = (patch: Partial<ProviderSettings>): void => setForm((current) => ({ ...current, ...patch }));
  const models = [...new Set([form.models.generation, form.models.review, form.models.judging].filter((m): m is string => m !== undefined && m !== ''))];
  const settings = (): ProviderSettings => ({ ...form, models: compactModels(form.models), prices: Object.fromEntries(Object.entries(form.prices).filter(([model]) => models.includes(model))) });

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    const key = forgetKey ? { api_key: null } : apiKey !== '' ? { api_key: apiKey } : {};
    save.mutate({ provider: settings(), ...key }, { onSuccess: onDone });
  };

  return (
    <form className="provider-form" onSubmit={submit} data-testid="provider-form" aria-label={initial === null ? 'New provider' : `Edit ${initial.name}`}>
      <div className="field-row">
        <Field label="Name" id={`${ids}-name`}>
          <input id={`${ids}-name`} data-testid="provider-name" value={form.name} disabled={initial !== null} onChange={(e) => update({ name: e.target.value.toLowerCase() })} placeholder="e.g. anthropic or ollama" />
        </Field>
        <Field label="API" id={`${ids}-kind`}>
          <select id={`${ids}-kind`} data-testid="provider-kind" value={form.kind} onChange={(e) => update({ kind: e.target.value as ProviderSettings['kind'], base_url: PRESETS[e.target.value as ProviderSettings['kind']].base_url })}>
            {Object.entries(PRESETS).map(([kind, preset]) => (
              <option key={kind} value={kind}>
                {preset.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field label="Base URL" id={`${ids}-url`} hint={PRESETS[form.kind].hint}>
        <input id={`${ids}-url`} data-testid="provider-base-url" value={form.base_url} onChange={(e) => update({ base_url: e.target.value })} />
      </Field>
      <Field label="API key" id={`${ids}-key`} hint={initial?.has_key ? 'A key is stored. Leave this empty to keep it.' : 'Not needed for a local server on this computer.'}>
        <input id={`${ids}-key`} data-testid="provider-api-key" type="password" autoComplete="off" value={apiKey} disabled={forgetKey} onChange={(e) => setApiKey(e.target.value)} />
      </Field>
      {initial?.has_key ? (
        <label className="field-check">
          <input type="checkbox" checked={forgetKey} onChange={(e) => setForgetKey(e.target.checked)} /> Forget the stored key
        </label>
      ) : null}
      <div className="field-row">
        {(['generation', 'review', 'judging'] as const).map((role) => (
          <Field key={role} label={`${role[0]?.toUpperCase()}${role.slice(1)} model`} id={`${ids}-${role}`} hint={role === 'generation' ? undefined : 'Empty: the generation model.'}>
            <input id={`${ids}-${role}`} data-testid={`provider-model-${role}`} value={form.models[role] ?? ''} onChange={(e) => update({ models: { ...form.models, [role]: e.target.value } })} />
          </Field>
        ))}
      </div>
      <div className="field-row">
        <Field label="Requests at once" id={`${ids}-concurrency`}>
          <input id={`${ids}-concurrency`} data-testid="provider-concurrency" type="number" min={1} max={64} value={form.concurrency} onChange={(e) => update({ concurrency: Number(e.target.value) })} />
        </Field>
        <Field label="Timeout (s)" id={`${ids}-timeout`}>
          <input id={`${ids}-timeout`} type="number" min={1} max={600} value={form.timeout_seconds} onChange={(e) => update({ timeout_seconds: Number(e.target.value) })} />
        </Field>
        <Field label="Retries" id={`${ids}-retries`}>
          <input id={`${ids}-retries`} type="number" min={0} max={10} value={form.max_retries} onChange={(e) => update({ max_retries: Number(e.target.value) })} />
        </Field>
      </div>
      {models.map((model) => (
        <div className="field-row" key={model}>
          {(['input_per_1k', 'output_per_1k'] as const).map((side) => (
            <Field key={side} label={`${model}: USD per 1k ${side === 'input_per_1k' ? 'input' : 'output'} tokens`} id={`${ids}-${model}-${side}`} hint={side === 'input_per_1k' ? 'Optional: for cost estimates and cost budgets.' : undefined}>
              <input
                id={`${ids}-${model}-${side}`}
                type="number"
                min={0}
                step="any"
                value={form.prices[model]?.[side] ?? ''}
                onChange={(e) => update({ prices: { ...form.prices, [model]: { input_per_1k: 0, output_per_1k: 0, ...form.prices[model], [side]: Number(e.target.value) } } })}
              />
            </Field>
          ))}
        </div>
      ))}
      <label className="field-check">
        <input type="checkbox" checked={form.enabled} onChange={(e) => update({ enabled: e.target.checked })} /> Use this provider
      </label>
      {save.isError ? <ErrorNotice error={save.error} title="The provider was not saved" testId="provider-save-error" /> : null}
      {test.isError ? <ErrorNotice error={test.error} title="The connection test could not run" /> : null}
      {test.data ? <TestResult result={test.data} /> : null}
      <div className="form-actions">
        <button type="button" className="button button-secondary" data-testid="provider-test" disabled={test.isPending || form.name === '' || form.models.generation === ''} onClick={() => test.mutate({ provider: settings(), ...(apiKey !== '' ? { api_key: apiKey } : {}) })}>
          {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
        <button type="button" className="button button-secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" data-testid="provider-save" disabled={save.isPending || form.name === '' || form.models.generation === ''}>
          Save
        </button>
      </div>
    </form>
  );
}

function Field({ label, id, hint, children }: { label: string; id: string; hint?: string | undefined; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? <span className="muted field-hint">{hint}</span> : null}
    </div>
  );
}

function TestResult({ result }: { result: ProviderTest }) {
  return (
    <p className={result.ok ? 'notice provider-test-ok' : 'notice notice-error'} role="status" data-testid="provider-test-result">
      {result.ok ? 'Connected. ' : 'Not connected: '}
      {result.message}
    </p>
  );
}

function stripView(view: ProviderView): ProviderSettings {
  const { has_key: _key, availability: _availability, problem: _problem, ...settings } = view;
  return settings;
}

/** Empty role models mean "the generation model": they are left out rather than sent empty. */
function compactModels(models: ProviderSettings['models']): ProviderSettings['models'] {
  return {
    generation: models.generation,
    ...(models.review ? { review: models.review } : {}),
    ...(models.judging ? { judging: models.judging } : {}),
  };
}
