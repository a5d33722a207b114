import { registers } from '../../../contract/registers.ts';
import { readOf } from '../pattern/declaration.ts';
import { Box, Button } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { EMPTY_MESSAGES } from '../../../domain/messages.ts';
import {
  regionalUnitInputSchema,
  regionalUnitMunicipalitiesSchema,
  regionalUnitRowSchema,
  type RegionalUnitRow,
} from '../../../domain/register-territory.ts';
import { currentVariant } from '../../../session/variant.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { SelectField } from '../../../ui/select-field.tsx';
import { useMunicipalityOptions } from '../municipality-filter.tsx';
import { defineRegister } from '../pattern/declaration.ts';
import { RegisterFormDialog } from '../pattern/register-form.tsx';
import { downloadRegionalUnits } from './data.ts';

type UnitForm = { nomeRegiao: string };

/** The states of this variant (the AT's SC1 is SC's units); the tenant's own first. */
const stateOf = (uf: string) => uf.replace(/\d+$/, '');
function states(): string[] {
  const { variant, uf } = currentVariant();
  return [...new Set([stateOf(uf), ...variant.states.map((s) => stateOf(s.uf))])];
}

/** The unit's municipalities (POST atualizar-unidades-regionais-municipios): the pattern's dialog with one multi-select. */
const municipalitiesForm = (uf: string) =>
  defineRegister<RegionalUnitRow, { municipioIds: number[] }>({
    ...regionalUnitBase,
    key: 'ur-municipios',
    noun: { name: 'lista de municípios', gender: 'f' },
    // Only its dialog is used (the units' list is regionalUnitRegister's): it reads no list.
    api: { list: () => null, update: registers.regionalUnits.setMunicipalities },
    form: {
      schema: regionalUnitMunicipalitiesSchema.omit({ unidadeRegionalId: true }),
      initial: (row) => ({ municipioIds: row?.municipioIds ?? [] }),
      toBody: (data, row) => ({ unidadeRegionalId: row!.unidadeRegionalId, municipioIds: data.municipioIds }),
      fields: [
        {
          kind: 'multiselect',
          name: 'municipioIds',
          label: `Municípios (${uf})`,
          emptyText: EMPTY_MESSAGES.municipalities,
          maxChips: 2,
          helperText: 'Um município pertence a uma só unidade: escolhido aqui, ele deixa a unidade em que estava.',
          options: { fixed: [] },
        },
      ],
    },
  });

function MunicipalitiesDialog({ row, reload, onClose }: { row: RegionalUnitRow; reload: () => void; onClose: () => void }) {
  const { options } = useMunicipalityOptions(row.uf);
  // The options are the municipalities of the unit's state the user sees, read when the dialog opens.
  const declaration = useMemo(() => {
    const base = municipalitiesForm(row.uf);
    const [field] = base.form!.fields;
    return { ...base, form: { ...base.form!, fields: [{ ...field!, options: { fixed: options } }] } };
  }, [row.uf, options]);
  return (
    <RegisterFormDialog declaration={declaration as never} words={currentVocabulary()} open onClose={onClose} row={row} onSaved={reload} />
  );
}

function MunicipalitiesButton({ row, reload }: { row: RegionalUnitRow; reload: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-label={`Municípios da ${row.nomeRegiao}`}>
        Municípios
      </Button>
      {open && <MunicipalitiesDialog row={row} reload={reload} onClose={() => setOpen(false)} />}
    </>
  );
}

function ExportButton() {
  const [busy, setBusy] = useState(false);
  const uf = stateOf(currentVariant().uf);
  async function run() {
    setBusy(true);
    await downloadRegionalUnits(uf);
    setBusy(false);
  }
  return (
    <Button variant="outline" onClick={() => void run()} loading={busy} loadingText="Gerando planilha…">
      Exportar
    </Button>
  );
}

const regionalUnitBase = {
  title: 'Unidades Regionais',
  flag: 'menuUnidadesRegionais',
  row: regionalUnitRowSchema,
  idOf: (row: RegionalUnitRow) => row.unidadeRegionalId,
  nameOf: (row: RegionalUnitRow) => row.nomeRegiao,
  idKey: 'unidadeRegionalId',
  emptyText: EMPTY_MESSAGES.regionalUnits,
  loadError: 'Erro ao obter Unidades Regionais',
  exportName: 'Unidades Regionais',
  columns: () => [],
} as const;

/**
 * /ur (spec §2 "Regional unit (UR) list", §3, §7 api/UnidadeRegional): a state's units (the tenant's
 * by default) with their municipalities, the municipalities dialog, and the server's xlsx ("Exportar").
 * A new unit is of the tenant's state.
 */
export const regionalUnitRegister = defineRegister<RegionalUnitRow, UnitForm>({
  ...regionalUnitBase,
  key: 'unidades-regionais',
  noun: { name: 'unidade regional', gender: 'f' },
  api: {
    list: (filters) => readOf(registers.regionalUnits.ofState, { params: { uf: String(filters.uf || stateOf(currentVariant().uf)) } }),
    create: registers.regionalUnits.endpoints.create,
    update: registers.regionalUnits.endpoints.update,
    remove: registers.regionalUnits.endpoints.remove,
  },
  columns: () => [
    { key: 'nomeRegiao', header: 'Nome', rowHeader: true, truncate: 50 },
    { key: 'quantidade', header: 'Qtde. municípios', width: '9rem', align: 'end', value: (row) => row.municipioIds.length },
    { key: 'municipios', header: 'Municípios', value: (row) => row.municipioNomes.join(', '), truncate: 50 },
  ],
  defaultSort: { key: 'nomeRegiao', direction: 'asc' },
  headerActions: () => <ExportButton />,
  rowActions: (row, reload) => <MunicipalitiesButton row={row} reload={reload} />,
  filters: {
    initial: { uf: '' },
    render: (state, set) => (
      <Box minW="10rem">
        <SelectField<string>
          label="UF"
          options={states().map((uf) => ({ value: uf, label: uf }))}
          value={String(state.uf || stateOf(currentVariant().uf))}
          onValueChange={(value) => set('uf', value)}
        />
      </Box>
    ),
    apply: (rows) => [...rows],
  },
  form: {
    schema: regionalUnitInputSchema,
    initial: (row) => ({ nomeRegiao: row?.nomeRegiao ?? '' }),
    fields: [{ kind: 'text', name: 'nomeRegiao', label: 'Nome da região', required: true }],
  },
});
