import { Badge, Stack } from '@chakra-ui/react';
import { Trail } from '../../../ui/trail.tsx';
import type { ReactNode } from 'react';
import type { DiagnosticSituation } from '../../../domain/followups.ts';
import { municipalityData } from '../../../entities/municipality/data.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { ListHeading } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { diagnosticHref } from '../paths.ts';

const PALETTE: Record<DiagnosticSituation, string> = { 'Não Iniciado': 'gray', 'Em Preenchimento': 'orange', Enviado: 'green' };

/** The situation in words (never colour alone). */
export function SituationBadge({ situacao }: { situacao: DiagnosticSituation }) {
  return (
    <Badge colorPalette={PALETTE[situacao]} variant="subtle" size="md">
      {situacao}
    </Badge>
  );
}

export type DiagnosticFrameProps = {
  municipioId: number;
  /** The page's own title, after "Diagnóstico" in the breadcrumb (the themes page). */
  page?: string;
  headingId: string;
  action?: ReactNode;
  children: ReactNode;
};

/**
 * Breadcrumb (Início > Municípios > the municipality > Diagnóstico) and heading of the diagnostic
 * pages. The municipality's name comes from the device first, like the city area's.
 */
export function DiagnosticFrame({ municipioId, page, headingId, action, children }: DiagnosticFrameProps) {
  const city = municipalityData.useMunicipality(municipioId);
  const words = currentVocabulary();
  const nome = city.status === 'ready' ? city.data.nome : null;
  const title = page ?? 'Diagnóstico';
  return (
    <Stack gap="5">
      <PageTitle parts={[title, nome]} />
      <Trail
        crumbs={[
          { label: 'Início', href: '/cidade', current: false },
          { label: words.municipality.plural, href: '/cidade', current: false },
          { label: nome ?? words.municipality.singular, href: diagnosticHref.city(municipioId), current: false },
          { label: 'Diagnóstico', href: diagnosticHref.home(municipioId), current: !page },
          ...(page ? [{ label: page, href: '', current: true }] : []),
        ]}
      />
      <ListHeading level={1} id={headingId} kicker={nome ?? undefined} title={title} action={action} />
      {children}
    </Stack>
  );
}
