import { Badge, Breadcrumb, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { DiagnosticSituation } from '../../../domain/followups.ts';
import { useMunicipality } from '../../../entities/municipality/data.ts';
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
  const city = useMunicipality(municipioId);
  const words = currentVocabulary();
  const nome = city.status === 'ready' ? city.data.nome : null;
  const title = page ?? 'Diagnóstico';
  return (
    <Stack gap="5">
      <PageTitle parts={[title, nome]} />
      <Breadcrumb.Root size="sm" aria-label="Trilha de navegação">
        <Breadcrumb.List flexWrap="wrap">
          <Breadcrumb.Item>
            <Breadcrumb.Link asChild>
              <RouterLink to="/cidade">Início</RouterLink>
            </Breadcrumb.Link>
          </Breadcrumb.Item>
          <Breadcrumb.Separator />
          <Breadcrumb.Item>
            <Breadcrumb.Link asChild>
              <RouterLink to="/cidade">{words.municipality.plural}</RouterLink>
            </Breadcrumb.Link>
          </Breadcrumb.Item>
          <Breadcrumb.Separator />
          <Breadcrumb.Item minW="0">
            <Breadcrumb.Link asChild>
              <RouterLink to={diagnosticHref.city(municipioId)}>{nome ?? words.municipality.singular}</RouterLink>
            </Breadcrumb.Link>
          </Breadcrumb.Item>
          <Breadcrumb.Separator />
          <Breadcrumb.Item>
            {page ? (
              <Breadcrumb.Link asChild>
                <RouterLink to={diagnosticHref.home(municipioId)}>Diagnóstico</RouterLink>
              </Breadcrumb.Link>
            ) : (
              <Breadcrumb.CurrentLink>Diagnóstico</Breadcrumb.CurrentLink>
            )}
          </Breadcrumb.Item>
          {page && (
            <>
              <Breadcrumb.Separator />
              <Breadcrumb.Item>
                <Breadcrumb.CurrentLink>{page}</Breadcrumb.CurrentLink>
              </Breadcrumb.Item>
            </>
          )}
        </Breadcrumb.List>
      </Breadcrumb.Root>
      <ListHeading level={1} id={headingId} kicker={nome ?? undefined} title={title} action={action} />
      {children}
    </Stack>
  );
}
