import { Alert, Stack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { ERROR_MESSAGES } from '../../../domain/messages.ts';
import { parseRouteId } from '../../../domain/route-params.ts';
import { notifyError } from '../../../lib/notify.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { LoadError } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { InvalidMunicipality } from '../components/invalid-municipality.tsx';
import { diagnosticData } from '../data.ts';
import { diagnosticHref } from '../paths.ts';

/**
 * /diagnostico/:id/tema/:idtema: the diagnostic is answered on the follow-up answering page. This
 * makes sure the municipality's diagnostic follow-up exists (GET acompanhamentos/novo/{id}, which
 * answers the existing one when there is one) and opens it on the theme, replacing this address
 * in the history so Back returns to the themes.
 */
export function DiagnosticThemeScreen() {
  const params = useParams();
  const municipioId = parseRouteId(params.id);
  const temaId = parseRouteId(params.idtema);
  if (municipioId === null) return <InvalidMunicipality />;
  if (temaId === null) return <InvalidMunicipality what="do tema" />;
  return <OpenDiagnosticTheme key={`${municipioId}:${temaId}`} municipioId={municipioId} temaId={temaId} />;
}

function OpenDiagnosticTheme({ municipioId, temaId }: { municipioId: number; temaId: number }) {
  const followup = diagnosticData.useDiagnosticFollowup(municipioId);
  // Whether the follow-up exists is decided by this opening's answer, not by one kept from an
  // earlier visit (shown while it is asked again): a cached id 0 must not say "could not create".
  const answered = followup.status === 'ready' && !followup.refreshing ? followup.data : null;
  const failed = answered?.acompanhamentoId === 0;

  // Spec §4: an id 0 means the follow-up could not be created; said once, even under StrictMode.
  const told = useRef(false);
  useEffect(() => {
    if (!failed || told.current) return;
    told.current = true;
    notifyError(ERROR_MESSAGES.createFollowUpFailed);
  }, [failed]);

  if (answered && !failed) {
    return <Navigate to={diagnosticHref.answering(municipioId, answered.acompanhamentoId, temaId)} replace />;
  }

  const back = (
    <AppLink to={diagnosticHref.themes(municipioId)} alignSelf="start" textStyle="sm">
      ← Voltar para os temas do diagnóstico
    </AppLink>
  );
  return (
    <Stack gap="4" align="start">
      <PageTitle parts={['Diagnóstico']} />
      {followup.status === 'error' ? (
        <>
          {back}
          <LoadError message="Não foi possível abrir o diagnóstico deste tema." onRetry={followup.reload} />
        </>
      ) : failed ? (
        <>
          {back}
          <Alert.Root status="error" role="alert" maxW="2xl">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{ERROR_MESSAGES.createFollowUpFailed}</Alert.Title>
            </Alert.Content>
          </Alert.Root>
        </>
      ) : (
        <LoadingState label="Abrindo o diagnóstico…" />
      )}
    </Stack>
  );
}
