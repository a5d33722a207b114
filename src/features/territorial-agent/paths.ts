/** Route patterns of the territorial agent's tabs this feature serves (spec §2 /cidade/{id}/agenteTerritorial/{tab}[/{tabId}]); the visits tab is served by the territories feature. */
export const AGENT_PATHS = {
  diagnosis: '/cidade/:id/agenteTerritorial/diagnostico',
  themes: '/cidade/:id/agenteTerritorial/temas',
  theme: '/cidade/:id/agenteTerritorial/temas/:tabId',
  tasks: '/cidade/:id/agenteTerritorial/tarefas',
  solution: '/cidade/:id/agenteTerritorial/tarefas/:tabId',
  gov: '/cidade/:id/agenteTerritorial/gov',
} as const;
