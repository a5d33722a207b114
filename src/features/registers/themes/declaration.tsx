import { registers } from '../../../contract/registers.ts';
import { readOf } from '../pattern/declaration.ts';
import { axes } from '../../../contract/axes.ts';
import { axisListSchema, type Axis } from '../../../domain/axes.ts';
import { ERROR_MESSAGES } from '../../../domain/messages.ts';
import { themeInputSchema, themeRowSchema, type ThemeRow } from '../../../domain/register-themes.ts';
import { SelectField } from '../../../ui/select-field.tsx';
import { defineRegister } from '../pattern/declaration.ts';

type ThemeForm = { nome: string; eixoId: number | undefined };

type Scope = '' | 'nacional' | 'local';

/** /tema (spec §2, §3 "Theme", §7 api/Tema). */
export const themeRegister = defineRegister<ThemeRow, ThemeForm>({
  key: 'temas',
  title: 'Temas',
  noun: { name: 'tema', gender: 'm' },
  flag: 'menuTemas',
  api: {
    list: readOf(registers.themes.endpoints.list!),
    create: registers.themes.endpoints.create,
    update: registers.themes.endpoints.update,
    remove: registers.themes.endpoints.remove,
  },
  row: themeRowSchema,
  idOf: (row) => row.temaId,
  nameOf: (row) => row.nome,
  idKey: 'temaId',
  columns: (words) => [
    { key: 'temaId', header: '#', width: '5rem' },
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 50 },
    { key: 'eixoNome', header: words.axis.singular, truncate: 40 },
    { key: 'nacional', header: 'Nacional', width: '8rem' },
  ],
  defaultSort: { key: 'nome', direction: 'asc' },
  emptyText: 'Nenhum Tema retornado',
  loadError: ERROR_MESSAGES.getThemes,
  exportName: 'Temas',
  // Spec §5: the theme list is limited to themes of national axes when the filter is national.
  filters: {
    initial: { abrangencia: '' },
    render: (state, set) => (
      <SelectField<Exclude<Scope, ''>>
        label="Abrangência"
        placeholder="Todos os temas"
        options={[
          { value: 'nacional', label: 'Nacionais' },
          { value: 'local', label: 'Não nacionais' },
        ]}
        value={(state.abrangencia as Scope) ?? ''}
        onValueChange={(value) => set('abrangencia', value)}
      />
    ),
    apply: (rows, state) =>
      state.abrangencia === 'nacional'
        ? rows.filter((row) => row.nacional)
        : state.abrangencia === 'local'
          ? rows.filter((row) => !row.nacional)
          : [...rows],
  },
  form: {
    schema: themeInputSchema,
    initial: (row) => ({ nome: row?.nome ?? '', eixoId: row?.eixoId }),
    fields: [
      { kind: 'text', name: 'nome', label: 'Nome', required: true },
      {
        kind: 'select',
        name: 'eixoId',
        label: 'Eixo',
        required: true,
        emptyText: 'Nenhum Eixo retornado',
        options: {
          read: axes.list,
          schema: axisListSchema,
          toOption: (axis: Axis) => ({ value: axis.eixoId, label: axis.nacional ? `${axis.nome} (nacional)` : axis.nome }),
        },
      },
    ],
  },
});
