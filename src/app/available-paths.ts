import type { RouteObject } from 'react-router-dom';
import { accessRoutes } from '../features/access/routes.tsx';
import { accountRoutes } from '../features/account/routes.tsx';
import { actionPlanCityRoutes } from '../features/action-plan/routes.tsx';
import { adminReportCityRoutes, adminReportRoutes } from '../features/admin-reports/routes.tsx';
import { cityRoutes } from '../features/municipalities/routes.tsx';
import { citySolutionCityRoutes, citySolutionRoutes } from '../features/municipality-solutions/routes.tsx';
import { diagnosticRoutes } from '../features/diagnostic/routes.tsx';
import { meetingCityRoutes, meetingRoutes } from '../features/meetings/routes.tsx';
import { paymentRoutes } from '../features/payments/routes.tsx';
import { salaRoutes } from '../features/sala/routes.tsx';
import { referenceTermCityRoutes, referenceTermRoutes } from '../features/reference-term/routes.tsx';
import { summaryCityRoutes } from '../features/municipality-summary/routes.tsx';
import { territorialAgentCityRoutes } from '../features/territorial-agent/routes.tsx';
import { planRoutes } from '../features/sala-5w2h/routes.tsx';
import { costRoutes } from '../features/sala-cost/routes.tsx';
import { timeRoutes } from '../features/sala-time/routes.tsx';
import { dashboardRoutes } from '../features/dashboard/routes.tsx';
import { projectRoutes } from '../features/projects/routes.tsx';
import { reportCatalogueRoutes } from '../features/report-catalogue/routes.tsx';
import { proposalCityRoutes } from '../features/proposals/routes.tsx';
import { mysteryShopperCityRoutes } from '../features/mystery-shopper/routes.tsx';
import { registerRoutes } from '../features/registers/routes.tsx';
import { solutionCatalogueRoutes } from '../features/solutions/routes.tsx';
import { reportCityRoutes, reportRoutes } from '../features/field-reports/routes.tsx';
import { evidenceCityRoutes } from '../features/evidence/routes.tsx';
import { followupCityRoutes } from '../features/followups/routes.tsx';
import { syncRoutes } from '../features/sync/routes.tsx';
import { territoryCityRoutes, territoryRoutes } from '../features/territories/routes.tsx';
import { userRoutes } from '../features/users/routes.tsx';

/** Route patterns of the signed-in screens that exist: menus and tabs hide links to anything else. */
export const signedInRoutes: RouteObject[] = [
  ...cityRoutes([
    ...adminReportCityRoutes,
    ...reportCityRoutes,
    ...meetingCityRoutes,
    ...followupCityRoutes,
    ...evidenceCityRoutes,
    ...actionPlanCityRoutes,
    ...citySolutionCityRoutes,
    ...proposalCityRoutes,
    ...referenceTermCityRoutes,
    ...summaryCityRoutes,
    ...mysteryShopperCityRoutes,
    ...territorialAgentCityRoutes,
    ...territoryCityRoutes,
  ]),
  ...referenceTermRoutes,
  ...accountRoutes,
  ...accessRoutes,
  ...userRoutes,
  ...projectRoutes,
  ...registerRoutes,
  ...solutionCatalogueRoutes,
  ...syncRoutes,
  ...adminReportRoutes,
  ...reportRoutes,
  ...meetingRoutes,
  ...diagnosticRoutes,
  ...citySolutionRoutes,
  ...paymentRoutes,
  ...salaRoutes,
  ...planRoutes,
  ...costRoutes,
  ...timeRoutes,
  ...dashboardRoutes,
  ...territoryRoutes,
  ...reportCatalogueRoutes,
];

function join(parent: string, path: string): string {
  if (path.startsWith('/')) return path;
  return `${parent.replace(/\/$/, '')}/${path}`;
}

function collect(routes: readonly RouteObject[], parent: string): string[] {
  return routes.flatMap((route) => {
    const full = route.path ? join(parent, route.path) : parent;
    return [...(route.path ? [full] : []), ...collect(route.children ?? [], full)];
  });
}

export const availablePaths: readonly string[] = collect(signedInRoutes, '');
