import { Box } from '@chakra-ui/react';
import { useMemo } from 'react';
import { municipalities } from '../../contract/municipalities.ts';
import { EMPTY_MESSAGES } from '../../domain/messages.ts';
import { municipalityOptionListSchema, type MunicipalityOption } from '../../domain/register-territory.ts';
import { CityCombo } from '../../ui/entity-combos.tsx';
import { registerData } from './pattern/data.ts';
import type { RegisterField, RegisterFilters, RegisterOptions } from './pattern/declaration.ts';

/** The municipalities the user sees (GET api/municipio), optionally of one state, for a register's filters and dialogs. */
export function useMunicipalityOptions(uf?: string) {
  const remote = registerData.useOptionList(municipalities.list, municipalityOptionListSchema);
  return useMemo(() => {
    const all = remote.status === 'ready' ? (remote.data as MunicipalityOption[]) : [];
    return {
      loading: remote.status === 'loading',
      options: all.filter((m) => uf === undefined || m.uf === uf).map((m) => ({ value: m.municipioId, label: m.nome })),
    };
  }, [remote, uf]);
}

/** A register's "Município" filter: the rows of one municipality, or all when none is chosen. */
export function MunicipalityFilter({ value, onChange }: { value: number | null; onChange: (municipioId: number | null) => void }) {
  const { options, loading } = useMunicipalityOptions();
  return (
    <Box flex="1" minW="14rem" maxW="22rem">
      <CityCombo<number>
        options={options}
        loading={loading}
        value={value}
        onValueChange={(next) => onChange(next ?? null)}
        placeholder="Todos os municípios"
      />
    </Box>
  );
}

/** The "Município" combo of a register's dialog: the municipalities the user sees. */
export const MUNICIPALITY_OPTIONS: RegisterOptions = {
  read: municipalities.list,
  schema: municipalityOptionListSchema,
  toOption: (m: MunicipalityOption) => ({ value: m.municipioId, label: m.nome }),
};

/** The required "Município" select of a register whose rows belong to one municipality each (schools, actors). */
export function municipalityField<I extends { municipioId: unknown }>(): RegisterField<I> {
  return {
    kind: 'select',
    name: 'municipioId' as Extract<keyof I, string>,
    label: 'Município',
    required: true,
    emptyText: EMPTY_MESSAGES.municipalities,
    options: MUNICIPALITY_OPTIONS,
  };
}

/** The filter of a register whose rows belong to one municipality each (schools, actors). */
export function byMunicipality<Row extends { municipioId: number }>(): RegisterFilters<Row> {
  return {
    initial: { municipioId: null },
    render: (state, set) => (
      <MunicipalityFilter value={(state.municipioId as number | null) ?? null} onChange={(id) => set('municipioId', id)} />
    ),
    apply: (rows, state) =>
      typeof state.municipioId === 'number' ? rows.filter((row) => row.municipioId === state.municipioId) : [...rows],
  };
}
