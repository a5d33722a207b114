import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { downloadPublicEvidence, type PublicDownloadState } from '../../../entities/evidence/data.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { PublicPage } from '../../../ui/public-page.tsx';

type State = { status: 'loading' } | PublicDownloadState;

/**
 * /download-evidencia-recusada/:token, /diagnostic/selo/download/:token and
 * /cliente-oculto/selo/download/:token (spec §2, no login): the file a link sent to a municipality
 * names, by its unguessable token (GET api/publico/evidencia/{token}). The download starts by
 * itself and the page says so; an unknown or malformed link says the link is wrong.
 */
export function PublicEvidenceDownloadScreen() {
  const token = useParams().token?.trim() ?? '';
  const [state, setState] = useState<State>(() => (token ? { status: 'loading' } : { status: 'error', badLink: true }));
  const started = useRef(false);

  // Both buttons ("Baixar novamente", "Tentar novamente") start the same download again.
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    void downloadPublicEvidence(token).then(setState);
  }, [token]);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    void downloadPublicEvidence(token).then(setState);
  }, [token]);

  return (
    <PublicPage>
      <PageTitle parts={['Download de arquivo']} />
      <Stack gap="3" bg="bg" p={{ base: '4', md: '8' }} rounded="lg" borderWidth="1px">
        <Heading as="h1" size="xl">
          Download de arquivo
        </Heading>
        {state.status === 'loading' && <LoadingState label="Baixando arquivo…" />}
        {state.status === 'done' && (
          <>
            <Text role="status">O download de {state.name} foi iniciado.</Text>
            <Box>
              <Button variant="outline" onClick={retry}>
                Baixar novamente
              </Button>
            </Box>
          </>
        )}
        {state.status === 'error' && (
          <Stack gap="2" role="alert">
            <Text fontWeight="medium">
              {state.badLink ? 'Arquivo não encontrado: o link é inválido ou expirou.' : 'Não foi possível baixar o arquivo.'}
            </Text>
            <Text color="fg.muted">{state.badLink ? 'Confira o link recebido.' : 'Verifique a conexão e tente de novo.'}</Text>
            {!state.badLink && (
              <Box>
                <Button variant="outline" onClick={retry}>
                  Tentar novamente
                </Button>
              </Box>
            )}
          </Stack>
        )}
      </Stack>
    </PublicPage>
  );
}
