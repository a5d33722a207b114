/** The spec's URLs (§2 "Under /sala-principal/{id}/": sala-5w2h); {id} is the room's municipality. */
export const PLAN_PATHS = {
  room: '/sala-principal/:id/sala-5w2h',
  /** The shared read-only link (no login): the API's GET sala5w2h/{hash}/{id}. */
  publicPlan: '/sala-5w2h/:hash/:id',
} as const;

export function publicPlanPath(hash: string, sala5w2hId: number): string {
  return `/sala-5w2h/${hash}/${sala5w2hId}`;
}
