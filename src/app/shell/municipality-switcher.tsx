import { Box } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { z } from 'zod';
import { api, isSessionExpiredError } from '../../api/client.ts';
import { currentVocabulary } from '../../session/vocabulary.ts';
import { CityCombo } from '../../ui/entity-combos.tsx';
import { notifyError } from '../../ui/notify.ts';

const namesSchema = z.array(z.object({ municipioId: z.number().int(), nome: z.string() }));

/** Spec §2: full admins and the Operacoes group jump between municipalities from the header. */
export function MunicipalitySwitcher() {
  const navigate = useNavigate();
  const match = useMatch('/cidade/:id/*');
  const current = match ? Number(match.params.id) : null;
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const words = currentVocabulary();

  useEffect(() => {
    const controller = new AbortController();
    api
      .get('municipio/get-nomes', { signal: controller.signal })
      .json()
      .then((body) => setOptions(namesSchema.parse(body).map((m) => ({ value: m.municipioId, label: m.nome }))))
      .catch((error: unknown) => {
        if (!controller.signal.aborted && !isSessionExpiredError(error)) notifyError('Erro ao obter municipios');
      });
    return () => controller.abort();
  }, []);

  return (
    <Box minW={{ base: '0', md: '56' }} maxW="64" display={{ base: 'none', md: 'block' }}>
      <CityCombo
        label={`Trocar de ${words.municipality.singular.toLowerCase()}`}
        emptyText={words.empty.municipalities}
        options={options}
        value={current !== null && Number.isInteger(current) ? current : null}
        onValueChange={(id) => id !== null && navigate(`/cidade/${id}/geral`)}
      />
    </Box>
  );
}
