import { projects } from '../../../contract/projects.ts';
import { registers } from '../../../contract/registers.ts';
import { readOf } from '../pattern/declaration.ts';
import { axisInputSchema, axisRowSchema, type AxisRow } from '../../../domain/register-axes.ts';
import { projectSchema, type Project } from '../../../domain/users.ts';
import { z } from 'zod';
import { defineRegister } from '../pattern/declaration.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';

type AxisForm = { nome: string; descricao: string; nacional: boolean; projetoId: number | undefined };

const words = currentVocabulary();
const lower = (text: string) => text.toLowerCase();

/**
 * /eixos and /eixo (spec §2 "Axis list: id, name, description, project, edit"; §7 api/projeto/Eixo).
 * Pilar/Pilares in the Sala: the title, noun, labels and empty text come from the vocabulary.
 */
export const axisRegister = defineRegister<AxisRow, AxisForm>({
  key: 'eixos',
  title: (w) => w.menu.eixos,
  noun: { name: (w) => lower(w.axis.singular), gender: (w) => w.axis.gender },
  flag: 'menuEixos',
  api: {
    list: readOf(registers.axes.endpoints.list!),
    create: registers.axes.endpoints.create,
    update: registers.axes.endpoints.update,
    remove: registers.axes.endpoints.remove,
  },
  row: axisRowSchema,
  idOf: (row) => row.eixoId,
  nameOf: (row) => row.nome,
  idKey: 'eixoId',
  columns: (w) => [
    { key: 'eixoId', header: '#', width: '5rem' },
    { key: 'nome', header: 'Nome', rowHeader: true, truncate: 50 },
    // Spec §9: descriptions are cut at 20 characters, the whole text in a tooltip.
    { key: 'descricao', header: 'Descrição', truncate: 20 },
    { key: 'nacional', header: 'Nacional', width: '8rem' },
    { key: 'projetoNome', header: w.project.singular, truncate: 40 },
  ],
  defaultSort: { key: 'nome', direction: 'asc' },
  emptyText: (w) => w.empty.axes,
  loadError: `Erro ao obter ${words.axis.plural}`,
  exportName: words.axis.plural,
  links: (w) => [{ to: '/eixosGrupo', label: `Grupos de ${w.axis.plural}` }],
  form: {
    schema: axisInputSchema,
    initial: (row) => ({
      nome: row?.nome ?? '',
      descricao: row?.descricao ?? '',
      nacional: row?.nacional ?? false,
      projetoId: row?.projetoId ?? undefined,
    }),
    toBody: (data, row) => ({ ...data, projetoId: data.projetoId ?? null, ...(row ? { eixoId: row.eixoId } : {}) }),
    fields: [
      { kind: 'text', name: 'nome', label: 'Nome', required: true },
      { kind: 'textarea', name: 'descricao', label: 'Descrição' },
      // A national axis applies to every municipality (spec §3 "Axis").
      { kind: 'checkbox', name: 'nacional', label: 'Nacional' },
      {
        kind: 'select',
        name: 'projetoId',
        label: words.project.singular,
        emptyText: `Nenhum ${words.project.singular} retornado`,
        options: {
          read: projects.list,
          schema: z.array(projectSchema),
          toOption: (project: Project) => ({ value: project.projetoId, label: project.nome }),
        },
      },
    ],
  },
});
