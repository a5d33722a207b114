import { Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { NavTabs } from '../../ui/nav-tabs.tsx';

/**
 * The territorial agent's tabs inside a city (issue 31): /cidade/{id}/agenteTerritorial/{tab}[/{tabId}].
 * The spec names the path but not the tabs; the programme's territorial office asked for these five.
 * Each tab page renders inside the city layout and wraps itself in this frame, so the second row of
 * tabs is the same on every one of them. The ids are the {tab} segment of the address.
 */
export const AGENT_TABS = [
  { id: 'visitas', label: 'Visitas' },
  { id: 'diagnostico', label: 'Diagnóstico e radar' },
  { id: 'temas', label: 'Temas finalizados' },
  { id: 'tarefas', label: 'Relatório de tarefas' },
  { id: 'gov', label: 'Visão Gov' },
] as const;

export type AgentTabId = (typeof AGENT_TABS)[number]['id'];

export function agentTabPath(municipioId: number | string, tab: AgentTabId, tabId?: number | string): string {
  const base = `/cidade/${municipioId}/agenteTerritorial/${tab}`;
  return tabId === undefined ? base : `${base}/${tabId}`;
}

export function AgentTabs({ children }: { children: ReactNode }) {
  const { id } = useParams();
  const { pathname } = useLocation();
  const tabs = AGENT_TABS.map((tab) => ({ id: tab.id, label: tab.label, href: agentTabPath(id ?? '', tab.id) }));
  const active = tabs.find(({ href }) => pathname === href || pathname.startsWith(`${href}/`))?.id ?? null;
  return (
    <Stack gap="4">
      <NavTabs label="Seções do agente territorial" active={active} tabs={tabs} />
      {children}
    </Stack>
  );
}
