// Creating a collection: a name and whether it is shared background or one project's literature;
// a project-specific collection can be linked to its project here (its searches then use it).
import { useId, useState, type FormEvent } from 'react';
import { useProjects } from '../../api/queries';
import { ErrorNotice } from '../../app/ErrorNotice';
import { ProjectGoalOptions } from '../../common/ProjectGoalOptions';
import { useCreateCollection } from './api';

export function NewCollectionForm({ onCreated }: { onCreated: (name: string) => void }) {
  const ids = useId();
  const [name, setName] = useState('');
  const [type, setType] = useState<'fundamental' | 'project-specific'>('fundamental');
  const [project, setProject] = useState('');
  const create = useCreateCollection();
  const projects = useProjects();

  const submit = (event: FormEvent<HTMLFormElement>): void => {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), type, ...(type === 'project-specific' && project !== '' ? { research_id: project } : {}) },
      {
        onSuccess: (result) => {
          setName('');
          setProject('');
          onCreated(result.collection.name);
        },
      },
    );
  };

  return (
    <form className="card knowledge-new" onSubmit={submit} data-testid="knowledge-new-collection" aria-label="New collection">
      <div className="field-row">
        <div className="field">
          <label htmlFor={`${ids}-name`}>New collection</label>
          <input id={`${ids}-name`} data-testid="knowledge-new-collection-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Liver fibrosis papers" />
        </div>
        <div className="field field-narrow">
          <label htmlFor={`${ids}-type`}>Kind</label>
          <select id={`${ids}-type`} data-testid="knowledge-new-collection-type" value={type} onChange={(e) => setType(e.target.value as typeof type)}>
            <option value="fundamental">Fundamental</option>
            <option value="project-specific">Project-specific</option>
          </select>
        </div>
      </div>
      {type === 'project-specific' ? (
        <div className="field">
          <label htmlFor={`${ids}-project`}>For project</label>
          <select id={`${ids}-project`} data-testid="knowledge-new-collection-project" value={project} onChange={(e) => setProject(e.target.value)}>
            <option value="">Not linked yet</option>
            <ProjectGoalOptions projects={projects.data?.projects ?? []} maxChars={60} />
          </select>
        </div>
      ) : null}
      {create.isError ? <ErrorNotice error={create.error} title="The collection was not created" testId="knowledge-new-collection-error" /> : null}
      <div className="form-actions">
        <button type="submit" className="button button-primary" data-testid="knowledge-create-collection" disabled={name.trim() === '' || create.isPending}>
          Create
        </button>
      </div>
    </form>
  );
}
