import { Button, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, useMemo, useState } from 'react';
import { apiErrorMessage } from '../../../lib/api-errors.ts';
import { useMunicipalityNames, type CommandResult, type Query } from './data.ts';
import type { FlagKey } from '../../../domain/permission-flags.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { AccessGate } from '../../../ui/access-gate.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { CityCombo } from '../../../ui/entity-combos.tsx';
import { ListHeading, LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';

/** One line of the checklist: an item the municipality may work on, and whether it does. */
export type ChecklistItem = {
  id: number;
  nome: string;
  checked: boolean;
  /** Always on, not editable (a national axis). */ fixed?: boolean;
};

export type ChecklistConfig<Row> = {
  flag: FlagKey;
  title: string;
  /** What one item is called in the checkbox column header ("Trabalha", "Habilitado"). */
  checkHeader: string;
  emptyText: string;
  loadError: string;
  /** The columns after the checkbox (name first). */
  columns: ReadonlyArray<DataColumn<Row>>;
  useRows: (municipioId: number | null, errorMessage: string) => Query<Row[]>;
  toItem: (row: Row) => ChecklistItem;
  save: (municipioId: number, ids: number[]) => Promise<CommandResult<unknown>>;
  savedMessage: string;
};

/**
 * A municipality's batch screen (/municipioEixo, /municipioTemasHabilitados): pick a municipality,
 * check or uncheck its items, and save them all at once. The server answers the new state, read again.
 */
export function ChecklistScreen<Row>({ config }: { config: ChecklistConfig<Row> }) {
  return (
    <AccessGate flag={config.flag}>
      <Checklist config={config} />
    </AccessGate>
  );
}

function Checklist<Row>({ config }: { config: ChecklistConfig<Row> }) {
  const words = currentVocabulary();
  const headingId = useId();
  const municipalities = useMunicipalityNames();
  const [municipioId, setMunicipioId] = useState<number | null>(null);
  const rows = config.useRows(municipioId, config.loadError);
  // The user's changes over what the server answered, per municipality: switching municipalities starts clean.
  const [edits, setEdits] = useState<{ municipioId: number | null; checked: Map<number, boolean> }>({
    municipioId: null,
    checked: new Map(),
  });
  const [saving, setSaving] = useState(false);
  const changes = edits.municipioId === municipioId ? edits.checked : new Map<number, boolean>();

  const loaded = rows.status === 'ready' ? rows.data : rows.status === 'loading' ? rows.previous : undefined;
  const shown = useMemo(() => (municipioId === null ? [] : (loaded ?? [])), [loaded, municipioId]);
  const isChecked = (item: ChecklistItem) => item.fixed === true || (changes.get(item.id) ?? item.checked);

  const toggle = (item: ChecklistItem, checked: boolean) =>
    setEdits((current) => {
      const next = new Map(current.municipioId === municipioId ? current.checked : []);
      next.set(item.id, checked);
      return { municipioId, checked: next };
    });

  const columns: Array<DataColumn<Row>> = [
    {
      key: 'marcado',
      header: config.checkHeader,
      width: '9rem',
      value: (row) => isChecked(config.toItem(row)),
      cell: (row) => {
        const item = config.toItem(row);
        return (
          <Checkbox.Root
            checked={isChecked(item)}
            disabled={item.fixed === true || saving}
            onCheckedChange={(details) => toggle(item, details.checked === true)}
          >
            <Checkbox.HiddenInput aria-label={item.nome} />
            <Checkbox.Control />
          </Checkbox.Root>
        );
      },
    },
    ...config.columns,
  ];

  async function save() {
    if (municipioId === null) return;
    setSaving(true);
    const ids = shown
      .map(config.toItem)
      .filter((item) => !item.fixed && isChecked(item))
      .map((item) => item.id);
    // The command shows a failure itself; the edits stay for another try. Its rows are read again after it.
    const saved = await config.save(municipioId, ids);
    setSaving(false);
    if (!saved.ok) return;
    notifySuccess(config.savedMessage);
    setEdits({ municipioId: null, checked: new Map() });
  }

  const options = municipalities.status === 'ready' ? municipalities.data.map((m) => ({ value: m.municipioId, label: m.nome })) : [];

  return (
    <Stack gap="5">
      <PageTitle parts={[config.title]} />
      <ListHeading
        title={config.title}
        id={headingId}
        level={1}
        action={
          <Button
            onClick={() => void save()}
            loading={saving}
            loadingText="Salvando…"
            disabled={municipioId === null || rows.status !== 'ready'}
          >
            Salvar
          </Button>
        }
      />
      <HStack gap="4" wrap="wrap" align="end">
        <Stack flex="1" minW="14rem" maxW="28rem">
          <CityCombo<number>
            label={words.municipality.singular}
            emptyText={words.empty.municipalities}
            options={options}
            loading={municipalities.status === 'loading'}
            value={municipioId}
            onValueChange={setMunicipioId}
          />
        </Stack>
      </HStack>
      {municipioId === null ? (
        <Text color="fg.muted">{`Escolha ${words.municipality.gender === 'f' ? 'a' : 'o'} ${words.municipality.singular.toLowerCase()} para ver e alterar.`}</Text>
      ) : rows.status === 'error' ? (
        <LoadError message={apiErrorMessage(rows.error, config.loadError)} onRetry={rows.reload} />
      ) : (
        <TableClip>
          <DataTable
            rows={shown}
            columns={columns}
            rowKey={(row) => config.toItem(row).id}
            labelledBy={headingId}
            loading={rows.status === 'loading' && shown.length === 0}
            loadingText="Carregando…"
            emptyText={config.emptyText}
            minWidth="28rem"
          />
        </TableClip>
      )}
    </Stack>
  );
}
