import { Button, HStack } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { canViewEvidenceTab, EVIDENCE_TABS, type EvidenceRouteTab } from '../../../domain/evidence.ts';
import type { PermissionContext } from '../../../domain/permissions.ts';
import { evidenceHref } from '../paths.ts';

export const TAB_LABELS: Record<EvidenceRouteTab, string> = {
  boasvindas: 'Boas-vindas',
  respondida: 'Respondidas',
  evidenciada: 'Evidenciadas',
  aprovada: 'Aprovadas',
  rejeitada: 'Rejeitadas',
};

/** The evidence tabs the user may view (spec §6), as links; the Sala also has its welcome tab. */
export function visibleTabs(ctx: PermissionContext, isSala: boolean): EvidenceRouteTab[] {
  return [...(isSala ? (['boasvindas'] as const) : []), ...EVIDENCE_TABS.filter((t) => canViewEvidenceTab(ctx, t))];
}

export function EvidenceTabNav({
  municipioId,
  current,
  tabs,
}: {
  municipioId: number;
  current: EvidenceRouteTab;
  tabs: readonly EvidenceRouteTab[];
}) {
  return (
    <HStack as="nav" aria-label="Abas de evidências" gap="2" wrap="wrap">
      {tabs.map((t) => (
        <Button key={t} asChild size="sm" variant={t === current ? 'solid' : 'outline'}>
          <RouterLink to={evidenceHref.tab(municipioId, t)} aria-current={t === current ? 'page' : undefined}>
            {TAB_LABELS[t]}
          </RouterLink>
        </Button>
      ))}
    </HStack>
  );
}
