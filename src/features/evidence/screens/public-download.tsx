import { Box, Button, Container, Heading, Image, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { api } from '../../../api/client.ts';
import { httpStatusOf } from '../../../lib/api-errors.ts';
import { EVIDENCE_API, fileNameOf, saveBlob } from '../../../entities/evidence/data.ts';
import { currentVariant } from '../../../session/variant.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';

type State = { status: 'loading' } | { status: 'done'; name: string } | { status: 'error'; badLink: boolean };

/** Downloads the file of a public link and hands it to the browser; resolves with what the page says. */
async function fetchPublicFile(token: string): Promise<State> {
  try {
    const response = await api.get(EVIDENCE_API.publicDownload(token), { timeout: 300_000 });
    const name = fileNameOf(response.headers.get('content-disposition')) ?? 'evidencia';
    saveBlob(await response.blob(), name);
    return { status: 'done', name };
  } catch (error) {
    return { status: 'error', badLink: [400, 404, 410].includes(httpStatusOf(error) ?? 0) };
  }
}

/**
 * /download-evidencia-recusada/:token, /diagnostic/selo/download/:token and
 * /cliente-oculto/selo/download/:token (spec §2, no login): the file a link sent to a municipality
 * names, by its unguessable token (GET api/publico/evidencia/{token}). The download starts by
 * itself and the page says so; an unknown or malformed link says the link is wrong.
 */
export function PublicEvidenceDownloadScreen() {
  const token = useParams().token?.trim() ?? '';
  const { variant } = currentVariant();
  const [state, setState] = useState<State>(() => (token ? { status: 'loading' } : { status: 'error', badLink: true }));
  const started = useRef(false);

  const download = useCallback(() => fetchPublicFile(token).then(setState), [token]);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    void fetchPublicFile(token).then(setState);
  }, [token]);

  return (
    <Box minH="100dvh" bg="bg.subtle">
      <Box as="header" bg="bg" borderBottomWidth="1px" borderTopWidth="4px" borderTopColor="colorPalette.solid">
        <Container maxW="4xl" py="3">
          <Image src={variant.logo} alt={variant.title} h="10" w="auto" />
        </Container>
      </Box>
      <Container as="main" maxW="4xl" py="8">
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
                <Button
                  variant="outline"
                  onClick={() => {
                    setState({ status: 'loading' });
                    void download();
                  }}
                >
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
                  <Button
                    variant="outline"
                    onClick={() => {
                      setState({ status: 'loading' });
                      void download();
                    }}
                  >
                    Tentar novamente
                  </Button>
                </Box>
              )}
            </Stack>
          )}
        </Stack>
      </Container>
    </Box>
  );
}
