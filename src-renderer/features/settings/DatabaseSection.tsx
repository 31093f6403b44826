// Settings → Research database: where this computer's research is stored, the SQLite file in the
// data folder (the default) or a PostgreSQL database the scientist names. The host restarts its
// server on the new database and keeps the choice only once that server answered, so a typo or an
// unreachable server changes nothing; every cached answer is then dropped, since they came from the
// other database. No password is typed here: PostgreSQL's own password file holds it.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DatabaseChoice } from '../../../src-shared/routes/index';
import { call } from '../../api/cosci';
import { useCosci } from '../../api/CosciProvider';
import { ErrorNotice } from '../../app/ErrorNotice';

const DATABASE_KEY = ['database'] as const;

export function DatabaseSection() {
  const id = useId();
  const api = useCosci();
  const queryClient = useQueryClient();
  const choice = useQuery({ queryKey: DATABASE_KEY, queryFn: () => call(api, 'database.get', {}) });
  const [draft, setDraft] = useState('');
  const choose = useMutation({
    mutationFn: (url: string | null) => call(api, 'database.set', { url }),
    onSuccess: async (next: DatabaseChoice) => {
      setDraft('');
      queryClient.setQueryData(DATABASE_KEY, next);
      await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== DATABASE_KEY[0] });
    },
  });
  const current = choice.data;
  const fixedAtStart = current?.source === 'startup';
  const submit = (event: FormEvent): void => {
    event.preventDefault();
    choose.mutate(draft.trim());
  };

  return (
    <section className="card settings-section" aria-labelledby={`${id}-title`} data-testid="database-settings">
      <h2 id={`${id}-title`}>Research database</h2>
      {choice.isError ? <ErrorNotice error={choice.error} title="Could not read which database is used" onRetry={() => void choice.refetch()} testId="database-error" /> : null}
      {choose.isError ? <ErrorNotice error={choose.error} title="The database was not changed" testId="database-change-error" /> : null}
      <p data-testid="database-current">
        {current === undefined ? (
          '…'
        ) : current.engine === 'sqlite' ? (
          <>
            This computer&apos;s file <code>{current.location}</code>
          </>
        ) : (
          <>
            PostgreSQL at <code>{current.location}</code>
          </>
        )}
      </p>
      {fixedAtStart ? (
        <p className="muted" data-testid="database-fixed">
          Chosen when Co-Scientist started (<code>--database</code> or <code>COSCI_DATABASE_URL</code>); start it without them to choose here.
        </p>
      ) : (
        <>
          <form className="lab-url" onSubmit={submit}>
            <label htmlFor={`${id}-url`}>PostgreSQL URL</label>
            <input
              id={`${id}-url`}
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="postgres://me@db.lab.example:5432/cosci"
              value={draft}
              data-testid="database-url"
              onChange={(event) => setDraft(event.target.value)}
            />
            <button type="submit" className="button button-secondary" data-testid="database-use" disabled={choose.isPending || draft.trim() === ''}>
              {choose.isPending ? 'Connecting…' : 'Use this database'}
            </button>
          </form>
          {current?.engine === 'postgres' ? (
            <button type="button" className="button button-secondary" data-testid="database-use-file" disabled={choose.isPending} onClick={() => choose.mutate(null)}>
              Back to this computer&apos;s file
            </button>
          ) : null}
          <p className="muted">
            Put the password in PostgreSQL&apos;s password file (<code>~/.pgpass</code>), not in the URL. Your assistants&apos; Co-Scientist servers use the same
            database from their next start. Projects do not move with the switch: carry one over with <code>co-scientist project export</code> and{' '}
            <code>project import</code>.
          </p>
        </>
      )}
    </section>
  );
}
