// The knowledge screens' host calls, as TanStack Query hooks. Everything lives under the
// ['knowledge'] key, so one host event (an assistant ingested something) refreshes it all.
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HostEvent, KnowledgeIngest, RouteInput } from '../../../src-shared/routes/index';
import { call } from '../../api/cosci';
import { useCosci } from '../../api/CosciProvider';
import { useRouteWrite } from '../../api/routeWrite';
import { useRefetchOnHostEvents } from '../../api/refetchOnHostEvents';
import { useSelectionQuery } from '../../api/selectionQuery';

export const knowledgeKeys = {
  all: ['knowledge'] as const,
  collections: ['knowledge', 'collections'] as const,
  documents: (collection: string) => ['knowledge', 'documents', collection] as const,
  roots: ['knowledge', 'roots'] as const,
  citedBy: (documentIds: readonly string[]) => ['knowledge', 'citedBy', ...documentIds] as const,
  document: (documentId: string) => ['knowledge', 'document', documentId] as const,
};

export function useKnowledgeCollections() {
  const api = useCosci();
  return useQuery({ queryKey: knowledgeKeys.collections, queryFn: async () => (await call(api, 'knowledge.collections.list', {})).collections });
}

export function useCollectionDocuments(collection: string | null) {
  return useSelectionQuery('knowledge.documents.list', knowledgeKeys.documents(collection ?? ''), collection === null ? null : { collection });
}

export function useKnowledgeRoots() {
  const api = useCosci();
  return useQuery({ queryKey: knowledgeKeys.roots, queryFn: () => call(api, 'knowledge.roots.list', {}) });
}

// A write to the knowledge base refetches everything under ['knowledge'].
export const useCreateCollection = () => useRouteWrite('knowledge.collections.create', knowledgeKeys.all);
/** Links a collection to a project, or unlinks it (linked: false). */
export const useLinkCollection = () => useRouteWrite('knowledge.collections.link', knowledgeKeys.all);
export const useDeleteCollection = () => useRouteWrite('knowledge.collections.delete', knowledgeKeys.all, (name: string) => ({ name }));
export const useRemoveFolder = () => useRouteWrite('knowledge.roots.remove', knowledgeKeys.all, (path: string) => ({ path }));

export function useKnowledgeSearch() {
  const api = useCosci();
  return useMutation({ mutationFn: (input: RouteInput<'knowledge.search'>) => call(api, 'knowledge.search', input) });
}

/** Adds one slice's counts to the totals so far (each slice reports only its own counts). */
function accumulate(totals: KnowledgeIngest | null, slice: KnowledgeIngest): KnowledgeIngest {
  if (totals === null) return slice;
  return {
    ...slice,
    added: totals.added + slice.added,
    updated: totals.updated + slice.updated,
    unchanged: totals.unchanged + slice.unchanged,
    failed: totals.failed + slice.failed,
    removed: totals.removed + slice.removed,
    problems: [...totals.problems, ...slice.problems].slice(0, 20),
    problem_count: totals.problem_count + slice.problem_count,
  };
}

/**
 * Runs an ingest slice by slice (the host limits each call to a few seconds), so the progress bar
 * moves between slices and the scientist can stop it. Unchanged files are skipped by hash, so
 * starting again after a stop costs little.
 */
export function useIngest() {
  const api = useCosci();
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<KnowledgeIngest | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [running, setRunning] = useState(false);
  const stopped = useRef(false);
  // Leaving the screen stops the loop after the slice in flight.
  useEffect(
    () => () => {
      stopped.current = true;
    },
    [],
  );

  const start = async (input: { path: string; collection: string; recursive: boolean }): Promise<void> => {
    stopped.current = false;
    setRunning(true);
    setError(null);
    setProgress(null);
    let cursor: string | undefined;
    let totals: KnowledgeIngest | null = null;
    try {
      // Choosing the folder here is the scientist's permission: the app allows it, then reads it.
      await call(api, 'knowledge.roots.allowFor', { path: input.path });
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
      do {
        const slice = await call(api, 'knowledge.ingest', { ...input, ...(cursor === undefined ? {} : { cursor }) });
        totals = accumulate(totals, slice);
        setProgress(totals);
        cursor = slice.next_cursor ?? undefined;
        if (slice.added + slice.updated + slice.removed > 0) void queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
      } while (cursor !== undefined && !stopped.current);
    } catch (failure) {
      setError(failure);
    } finally {
      setRunning(false);
      void queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
    }
  };

  const stop = (): void => {
    stopped.current = true;
  };
  return { progress, error, running, start, stop };
}

/** A change to the knowledge base: assistants' servers announce knowledge:// resources. */
const knowledgeChanged = (event: HostEvent): boolean => event.kind === 'resources-list-changed' || (event.kind === 'resource-updated' && event.uri.startsWith('knowledge://'));

/** Changes made by assistants (their servers append knowledge:// events) refresh these views. */
export function useKnowledgeEvents(): void {
  useRefetchOnHostEvents(knowledgeKeys.all, knowledgeChanged);
}

/** The hypotheses citing each of these documents (search results' sources), by document id. */
export function useCitingHypotheses(documentIds: readonly string[]) {
  const api = useCosci();
  return useQuery({
    queryKey: knowledgeKeys.citedBy(documentIds),
    queryFn: async () => new Map((await call(api, 'knowledge.citedBy', { document_ids: [...documentIds] })).documents.map((d) => [d.document_id, d])),
    enabled: documentIds.length > 0,
  });
}

/** One document's details (metadata, first passages, every citing hypothesis); off while none is open. */
export function useKnowledgeDocument(documentId: string | null) {
  return useSelectionQuery('knowledge.document', knowledgeKeys.document(documentId ?? ''), documentId === null ? null : { document_id: documentId });
}
