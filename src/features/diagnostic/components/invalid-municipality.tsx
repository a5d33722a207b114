import { Alert, Stack } from '@chakra-ui/react';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';

/** An address whose municipality or theme is not a number ("/diagnostico/abc"): said plainly, nothing asked of the server. */
export function InvalidMunicipality({ what }: { what?: string }) {
  const words = currentVocabulary();
  const noun = what ?? `d${words.municipality.gender === 'f' ? 'a' : 'o'} ${words.municipality.singular.toLowerCase()}`;
  return (
    <Stack gap="4" align="start">
      <PageTitle parts={['Diagnóstico']} />
      <Alert.Root status="warning" role="alert" maxW="2xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{`Endereço inválido: o número ${noun} não foi reconhecido.`}</Alert.Title>
        </Alert.Content>
      </Alert.Root>
      <AppLink to="/cidade">Voltar para o início</AppLink>
    </Stack>
  );
}
