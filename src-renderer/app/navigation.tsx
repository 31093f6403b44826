// Where the scientist is in the app: the section and, within it, the open project, hypothesis or
// checkpoint. One small context so any view can send them elsewhere ("Open in inbox", "Open
// project") without the views knowing each other. The app keeps no history stack: sections are
// tabs, and each view offers its own way back.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface AppLocation {
  /** A section id of the top bar, e.g. "projects", "inbox", "settings". */
  section: string;
  projectId?: string | undefined;
  hypothesisId?: string | undefined;
  checkpointId?: string | undefined;
  /** A knowledge-base document to show (a citation's source). */
  documentId?: string | undefined;
}

export interface Navigation {
  location: AppLocation;
  /** Goes to `next`; fields it leaves out are cleared, so a location is always complete. */
  navigate(next: AppLocation): void;
}

const NavigationContext = createContext<Navigation | null>(null);

export function NavigationProvider({ initial, children }: { initial: AppLocation; children: ReactNode }) {
  const [location, setLocation] = useState<AppLocation>(initial);
  const navigate = useCallback((next: AppLocation) => setLocation(next), []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (navigation === null) throw new Error('useNavigation() used outside <NavigationProvider>');
  return navigation;
}
