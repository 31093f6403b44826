// Where the scientist is in the app: the section and, within it, the open project, hypothesis or
// checkpoint. One small context so any view can send them elsewhere ("Open in inbox", "Open
// project") without the views knowing each other. Every location is also the URL's hash
// (routes.ts): a deep link opens it, Back and Forward move through it, and each section remembers
// where the scientist was in it, so switching sections keeps the selection.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AddressWriter } from './addressWriter';
import { hashToLocation, locationToHash, sameLocation, type AppLocation } from './routes';

export type { AppLocation } from './routes';

export interface Navigation {
  location: AppLocation;
  /** Goes to `next` (a new history entry); fields it leaves out are cleared, so a location is always complete. */
  navigate(next: AppLocation): void;
  /** Replaces the current location without a new history entry (e.g. a default chosen for the scientist). */
  replace(next: AppLocation): void;
  /** Goes to a section where the scientist last was in it. */
  openSection(section: string): void;
  /** Where openSection(section) would go now. */
  sectionLocation(section: string): AppLocation;
}

/**
 * Sections that show one project and follow the scientist: opened, they show the project last
 * viewed anywhere, not the one they showed before nor the newest (issue 33 item 6).
 */
const FOLLOWS_VIEWED_PROJECT = new Set(['leaderboard']);

const NavigationContext = createContext<Navigation | null>(null);

export function NavigationProvider({ initial, sections, children }: { initial: AppLocation; sections: readonly string[]; children: ReactNode }) {
  const [location, setLocation] = useState<AppLocation>(() => hashToLocation(window.location.hash, sections) ?? initial);
  const current = useRef(location);
  const lastIn = useRef(new Map<string, AppLocation>());
  const viewedProject = useRef<string | undefined>(location.projectId);
  useEffect(() => {
    current.current = location;
    lastIn.current.set(location.section, location);
    if (location.projectId !== undefined) viewedProject.current = location.projectId;
  }, [location]);

  const [addresses] = useState(() => new AddressWriter(window.history));
  useEffect(() => () => addresses.flush(), [addresses]);

  // Back and Forward (and a pasted link) change the hash; the app follows.
  useEffect(() => {
    const follow = (): void => {
      // The scientist moved through history before the latest address was written: where they went wins.
      addresses.drop();
      setLocation(hashToLocation(window.location.hash, sections) ?? initial);
    };
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, [sections, initial, addresses]);

  // The first location gets an address too, without adding a history entry.
  useEffect(() => {
    if (window.location.hash !== locationToHash(location)) window.history.replaceState(null, '', locationToHash(location));
    // Only at start: later changes write their own address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const go = useCallback((next: AppLocation, mode: 'push' | 'replace') => {
    if (sameLocation(current.current, next)) return;
    addresses.write(mode, locationToHash(next));
    current.current = next;
    setLocation(next);
  }, [addresses]);
  const navigate = useCallback((next: AppLocation) => go(next, 'push'), [go]);
  const replace = useCallback((next: AppLocation) => go(next, 'replace'), [go]);
  const sectionLocation = useCallback((section: string): AppLocation => {
    const remembered = lastIn.current.get(section) ?? { section };
    const viewed = viewedProject.current;
    if (FOLLOWS_VIEWED_PROJECT.has(section) && viewed !== undefined && remembered.projectId !== viewed) return { section, projectId: viewed };
    return remembered;
  }, []);
  const openSection = useCallback((section: string) => go(sectionLocation(section), 'push'), [go, sectionLocation]);
  const value = useMemo(() => ({ location, navigate, replace, openSection, sectionLocation }), [location, navigate, replace, openSection, sectionLocation]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (navigation === null) throw new Error('useNavigation() used outside <NavigationProvider>');
  return navigation;
}
