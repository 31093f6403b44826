// Makes the one CosciApi available to every component, next to the TanStack Query cache that
// holds what the host told us (the renderer keeps no domain state of its own).
import { createContext, useContext, type ReactNode } from 'react';
import type { CosciApi } from '../../src-shared/routes/index';

const CosciContext = createContext<CosciApi | null>(null);

export function CosciProvider({ api, children }: { api: CosciApi; children: ReactNode }) {
  return <CosciContext.Provider value={api}>{children}</CosciContext.Provider>;
}

export function useCosci(): CosciApi {
  const api = useContext(CosciContext);
  if (api === null) throw new Error('useCosci() used outside <CosciProvider>');
  return api;
}
