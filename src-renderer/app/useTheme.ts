// Applies the scientist's theme (light, dark or the OS's) to <html data-theme>. The host keeps the
// choice (Settings); a copy in localStorage paints the right colours before the host answers, so
// a reload does not flash the other theme.
import { useLayoutEffect } from 'react';
import type { Theme } from '../../src-shared/routes/index';
import { useDesktopSettings } from '../api/researchQueries';
import './theme.css';

const CACHE_KEY = 'cosci.theme';

function cachedTheme(): Theme {
  const value = window.localStorage.getItem(CACHE_KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

export function useTheme(): void {
  const settings = useDesktopSettings();
  const stored = settings.data?.theme;
  const theme = stored ?? cachedTheme();
  useLayoutEffect(() => {
    document.documentElement.dataset.theme = theme;
    if (stored !== undefined) window.localStorage.setItem(CACHE_KEY, stored);
  }, [theme, stored]);
}
