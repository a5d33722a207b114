/** Route of the sync centre, absolute because the app collects every `path` of the tree as it is. */
export const SYNC_PATHS = {
  centre: '/sincronizacao',
} as const;
