import { createContext } from 'react';
import { useLocation } from 'react-router-dom';
import { NavTabs } from '../../../ui/nav-tabs.tsx';
import type { CityTab } from '../../../domain/city-tabs.ts';
import { CITY_PATHS } from '../paths.ts';

/**
 * Route patterns that exist, for hiding tabs of screens not built yet. This feature only knows its
 * own routes; the app can provide its full list (available-paths.ts) so tabs served by other
 * features appear as soon as their screens do.
 */
export const AvailablePathsContext = createContext<readonly string[]>(Object.values(CITY_PATHS));

/** The active tab is the longest href the current path starts with (grupo/3 keeps "Grupos" active). */
function activeTabId(tabs: readonly CityTab[], pathname: string): string | null {
  let best: CityTab | null = null;
  for (const tab of tabs) {
    const matches = pathname === tab.href || pathname.startsWith(`${tab.href}/`);
    if (matches && (!best || tab.href.length > best.href.length)) best = tab;
  }
  return best?.id ?? null;
}

/**
 * The city header tabs as a navigation landmark of links (the shared NavTabs), the current one the
 * longest href the path starts with.
 */
export function CityTabs({ tabs, label }: { tabs: readonly CityTab[]; label: string }) {
  const { pathname } = useLocation();
  return <NavTabs tabs={tabs} label={label} active={activeTabId(tabs, pathname)} />;
}
