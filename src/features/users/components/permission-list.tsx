import { Box, Button, chakra, Grid, Stack, Text } from '@chakra-ui/react';
import { useId, useRef } from 'react';
import { USER_ROLES, type UserRole } from '../../../domain/users.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import type { ComboOption } from '../../../ui/combo.tsx';
import { CityCombo } from '../../../ui/entity-combos.tsx';
import { emptyRow, type PermissionRow, type RowErrors } from './permission-rows.ts';
import { SelectField } from '../../../ui/select-field.tsx';

const ROLE_OPTIONS = USER_ROLES.map((role) => ({ value: role, label: role }));

export type PermissionListProps = {
  rows: readonly PermissionRow[];
  onChange: (rows: PermissionRow[]) => void;
  municipalityOptions: ReadonlyArray<ComboOption<number>>;
  municipalitiesLoading: boolean;
  /** The tenant's axes; a row without one holds its role on every axis of the municipality. */
  axisOptions: ReadonlyArray<ComboOption<number>>;
  /** Shown under each row's fields, by row index. */
  errors: readonly RowErrors[];
  /** A message about the list as a whole (e.g. from the server) when no row has its own. */
  listError?: string | undefined;
  disabled?: boolean;
};

/**
 * The user's role in each municipality (spec §3: Consultor Condutor, Consultor Especialista,
 * Analista, AD), optionally on one axis only, as a list of rows that can be added and removed. Focus follows the list: a new
 * row takes it, and removing a row hands it to the row now in its place, or to the add button.
 */
export function PermissionList({
  rows,
  onChange,
  municipalityOptions,
  municipalitiesLoading,
  axisOptions,
  errors,
  listError,
  disabled = false,
}: PermissionListProps) {
  const words = currentVocabulary();
  const legendId = useId();
  const rowRefs = useRef(new Map<string, HTMLDivElement>());
  const addRef = useRef<HTMLButtonElement>(null);
  // The native select carries text values.
  const axisChoices = axisOptions.map((o) => ({ value: String(o.value), label: o.label }));

  function focusRow(key: string | undefined) {
    // After React has rendered the change.
    requestAnimationFrame(() => {
      const target = key ? rowRefs.current.get(key)?.querySelector<HTMLElement>('input, select') : addRef.current;
      target?.focus();
    });
  }

  function update(index: number, patch: Partial<PermissionRow>) {
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  }

  function add() {
    const row = emptyRow();
    onChange([...rows, row]);
    focusRow(row.key);
  }

  function remove(index: number) {
    const next = rows.filter((_, i) => i !== index);
    onChange(next);
    focusRow(next[Math.min(index, next.length - 1)]?.key);
  }

  const hasRowErrors = errors.some((e) => e.municipioId || e.permissao);

  return (
    <chakra.fieldset minW="0" aria-describedby={`${legendId}-help`}>
      <chakra.legend id={legendId} fontWeight="semibold" textStyle="md" mb="1">
        Permissões por {words.municipality.singular.toLowerCase()}
      </chakra.legend>
      <Text id={`${legendId}-help`} textStyle="sm" color="fg.muted" mb="3">
        O papel do usuário em cada {words.municipality.singular.toLowerCase()}, em todos os {words.axis.plural.toLowerCase()} ou em um só.
        Só usuários habilitados aparecem nas listas de consultores.
      </Text>
      <Stack gap="3">
        {rows.length === 0 && (
          <Text textStyle="sm" color="fg.muted">
            Nenhuma permissão por {words.municipality.singular.toLowerCase()}.
          </Text>
        )}
        {rows.map((row, index) => {
          const title = `Permissão ${index + 1}`;
          const titleId = `${legendId}-${row.key}`;
          return (
            <Box
              key={row.key}
              ref={(node: HTMLDivElement | null) => {
                if (node) rowRefs.current.set(row.key, node);
                else rowRefs.current.delete(row.key);
              }}
              role="group"
              aria-labelledby={titleId}
              borderWidth="1px"
              rounded="md"
              p="3"
            >
              <Text id={titleId} textStyle="sm" fontWeight="medium" mb="2">
                {title}
              </Text>
              <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 1fr) auto' }} gap="3" alignItems="start">
                <CityCombo
                  label={words.municipality.singular}
                  options={municipalityOptions}
                  loading={municipalitiesLoading}
                  value={row.municipioId}
                  onValueChange={(municipioId) => update(index, { municipioId })}
                  error={errors[index]?.municipioId}
                  required
                  disabled={disabled}
                />
                <SelectField<UserRole>
                  label="Papel"
                  options={ROLE_OPTIONS}
                  placeholder="Selecione o papel"
                  value={row.permissao ?? ''}
                  onValueChange={(permissao) => update(index, { permissao: permissao || null })}
                  error={errors[index]?.permissao}
                  required
                  disabled={disabled}
                />
                <SelectField<string>
                  label={words.axis.singular}
                  options={axisChoices}
                  placeholder={`Todos os ${words.axis.plural.toLowerCase()}`}
                  value={row.eixoId === null ? '' : String(row.eixoId)}
                  onValueChange={(eixo) => update(index, { eixoId: eixo === '' ? null : Number(eixo) })}
                  disabled={disabled}
                />
                <Button
                  variant="ghost"
                  colorPalette="red"
                  size="sm"
                  mt={{ base: '0', md: '6' }}
                  justifySelf={{ base: 'start', md: 'end' }}
                  aria-label={`Remover ${title.toLowerCase()}`}
                  onClick={() => remove(index)}
                  disabled={disabled}
                >
                  Remover
                </Button>
              </Grid>
            </Box>
          );
        })}
        {listError && !hasRowErrors && (
          <Text role="alert" textStyle="sm" color="fg.error">
            {listError}
          </Text>
        )}
        <Button ref={addRef} variant="outline" size="sm" alignSelf="start" onClick={add} disabled={disabled}>
          Adicionar permissão
        </Button>
      </Stack>
    </chakra.fieldset>
  );
}
