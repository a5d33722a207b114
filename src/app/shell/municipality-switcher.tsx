import { Box } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useMatch, useNavigate } from 'react-router-dom';
import { useMunicipalityNames } from '../../entities/municipality/lists.ts';
import { currentVocabulary } from '../../session/vocabulary.ts';
import { CityCombo } from '../../ui/entity-combos.tsx';

/** Spec §2: full admins and the Operacoes group jump between municipalities from the header. */
export function MunicipalitySwitcher() {
  const navigate = useNavigate();
  const match = useMatch('/cidade/:id/*');
  const current = match ? Number(match.params.id) : null;
  const names = useMunicipalityNames();
  const options = useMemo(
    () => (names.status === 'ready' ? names.data.map((m) => ({ value: m.municipioId, label: m.nome })) : []),
    [names],
  );
  const words = currentVocabulary();

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
