// Where the scientist is in the app: the section and, within it, the open project, hypothesis or
// checkpoint. One small context so any view can send them elsewhere ("Open in inbox", "Open
// project") without the views knowing each other. Every location is also the URL's hash
// (routes.ts): a deep link opens it, Back and Forward move through it, and each section remembers
// where the scientist was in it, so switching sections keeps the selection. A view holding work
// not yet sent (a form with edits) sets a leave guard: every move — a section tab, a link, Back or
// Forward — asks it first, so nothing the scientist wrote is dropped without their word.
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { AddressWriter } from './addressWriter';
import { hashToLocation, locationToHash, sameLocation, type AppLocation } from './routes';

export type { AppLocation } from './routes';

/**
 * Asked before the location changes to `next`: false lets the move happen; true holds it, the
 * guard having asked the scientist, and `proceed` makes the move once they agree.
 */
export type LeaveGuard = (next: AppLocation, proceed: () => void) => boolean;

export interface Navigation {
  location: AppLocation;
  /**
   * Goes to `next` (a new history entry); fields it leaves out are cleared, so a location is always
   * complete. `unguarded`: the leave guard is not asked (the work it protects was just sent).
   */
  navigate(next: AppLocation, options?: { unguarded?: boolean }): void;
  /** Replaces the current location without a new history entry (e.g. a default chosen for the scientist). */
  replace(next: AppLocation): void;
  /** Goes to a section where the scientist last was in it. */
  openSection(section: string): void;
  /** Where openSection(section) would go now. */
  sectionLocation(section: string): AppLocation;
  /** Sets the one leave guard (null clears it); see useLeaveGuard. */
  setLeaveGuard(guard: LeaveGuard | null): void;
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
  const guard = useRef<LeaveGuard | null>(null);
  // Closing or reloading the window is a move too: while a guard is set (a form holds edits) the
  // browser asks (Electron's window glue turns that into its own dialog, window.ts).
  useEffect(() => {
    const holdUnload = (event: BeforeUnloadEvent): void => {
      if (guard.current === null) return;
      event.preventDefault();
      // Chromium before 119 and Electron's own check still read returnValue.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', holdUnload);
    return () => window.removeEventListener('beforeunload', holdUnload);
  }, []);
  // Set while the app itself goes Back to finish a move the guard held (see follow).
  const resuming = useRef(false);

  // Back and Forward (and a pasted link) change the hash; the app follows.
  useEffect(() => {
    const follow = (): void => {
      // The scientist moved through history before the latest address was written: where they went wins.
      addresses.drop();
      const target = hashToLocation(window.location.hash, sections) ?? initial;
      const resumed = resuming.current;
      resuming.current = false;
      const held =
        !resumed &&
        !sameLocation(target, current.current) &&
        guard.current?.(target, () => {
          // The address the guard put back is one entry past the target: Back reaches it again.
          resuming.current = true;
          window.history.back();
        }) === true;
      if (held) {
        // The browser already shows the target's address: the current one goes back on top until the scientist decides.
        window.history.pushState(null, '', locationToHash(current.current));
        return;
      }
      setLocation(target);
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

  const go = useCallback((next: AppLocation, mode: 'push' | 'replace', guarded = true) => {
    if (sameLocation(current.current, next)) return;
    const move = (): void => {
      addresses.write(mode, locationToHash(next));
      current.current = next;
      setLocation(next);
    };
    if (guarded && guard.current?.(next, move) === true) return;
    move();
  }, [addresses]);
  const navigate = useCallback((next: AppLocation, options?: { unguarded?: boolean }) => go(next, 'push', options?.unguarded !== true), [go]);
  const replace = useCallback((next: AppLocation) => go(next, 'replace'), [go]);
  const setLeaveGuard = useCallback((next: LeaveGuard | null) => {
    guard.current = next;
  }, []);
  const sectionLocation = useCallback((section: string): AppLocation => {
    const remembered = lastIn.current.get(section) ?? { section };
    const viewed = viewedProject.current;
    if (FOLLOWS_VIEWED_PROJECT.has(section) && viewed !== undefined && remembered.projectId !== viewed) return { section, projectId: viewed };
    return remembered;
  }, []);
  const openSection = useCallback((section: string) => go(sectionLocation(section), 'push'), [go, sectionLocation]);
  const value = useMemo(
    () => ({ location, navigate, replace, openSection, sectionLocation, setLeaveGuard }),
    [location, navigate, replace, openSection, sectionLocation, setLeaveGuard],
  );
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (navigation === null) throw new Error('useNavigation() used outside <NavigationProvider>');
  return navigation;
}

/**
 * Holds every move away while `guard` is set (a view's unsent work); cleared when the view goes.
 * One guard at a time: the view the scientist is working in.
 */
export function useLeaveGuard(guard: LeaveGuard | null): void {
  const { setLeaveGuard } = useNavigation();
  // In place before the event that set `guard` returns (a layout effect): a click in the same
  // instant as the view's first unsent edit is already held.
  useLayoutEffect(() => {
    setLeaveGuard(guard);
    return () => setLeaveGuard(null);
  }, [guard, setLeaveGuard]);
}
