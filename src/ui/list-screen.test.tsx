// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HTTPError, type NormalizedOptions } from 'ky';
import { useRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { errorBodies } from '../lib/api-errors.ts';
import type { CommandResult } from '../lib/command-result.ts';
import { setNotificationSink, type Notification } from '../lib/notify.ts';
import { DataTable } from './data-table.tsx';
import { FormDialog, FormDialogForm, useFormDialogSubmit } from './form-dialog.tsx';
import { useSchemaForm } from './form.ts';
import { actionsColumn, ListHeading, LoadError, useRecordActions } from './list-screen.tsx';
import { TextField } from './text-field.tsx';
import { renderWithApp } from '../../tests/component/render.tsx';

/**
 * A register's list as every one is built (projects, groups, users): a table with Editar/Excluir
 * per row, the delete confirmation, and the create/edit dialog with the form pattern.
 */

type Project = { id: number; nome: string; emUso: boolean };
const shown: Notification[] = [];

beforeEach(() => {
  shown.length = 0;
  setNotificationSink((n) => shown.push(n));
});
afterEach(cleanup);

/** The confirmation's code is a lazy chunk: loading it takes seconds on a loaded machine. The budget only guards a hang. */
const LAZY = { timeout: 10_000 };

function refusal(status: number, body: unknown): HTTPError {
  const request = new Request('http://localhost/api/projeto', { method: 'DELETE' });
  const error = new HTTPError(new Response(JSON.stringify(body), { status }), request, {} as NormalizedOptions);
  if (body) errorBodies.set(error, body as never);
  return error;
}

const schema = z.object({ nome: z.string().check(z.trim(), z.minLength(1, 'Informe o nome do projeto')) });

function ProjectForm({ project, onClose, save }: { project: Project | null; onClose: () => void; save: (nome: string) => Promise<void> }) {
  const form = useSchemaForm(schema, { nome: project?.nome ?? '' });
  const submit = useFormDialogSubmit(
    form,
    async ({ nome }) => {
      await save(nome);
      onClose();
    },
    'Erro ao salvar projeto',
  );
  return (
    <FormDialogForm title={project ? 'Editar projeto' : 'Novo projeto'} onClose={onClose} submit={submit}>
      <TextField label="Nome" {...form.field('nome')} />
    </FormDialogForm>
  );
}

function Projects({
  initial,
  deleteById,
  save = async () => undefined,
}: {
  initial: Project[];
  deleteById: (id: number) => Promise<CommandResult<unknown>>;
  save?: (nome: string) => Promise<void>;
}) {
  const [projects, setProjects] = useState(initial);
  const deleted = useRef<number | null>(null);
  const firstField = useRef<HTMLElement>(null);
  const actions = useRecordActions<Project>({
    noun: 'projeto',
    nameOf: (p) => p.nome,
    idOf: (p) => p.id,
    deleteById: async (id) => {
      const result = await deleteById(id);
      deleted.current = id;
      return result;
    },
    // As a screen reloads its list after a delete.
    onDeleted: () => setProjects((list) => list.filter((p) => p.id !== deleted.current)),
    lockedReason: (p) => (p.emUso ? 'Projeto em uso por um município' : undefined),
  });
  const columns = [{ key: 'nome', header: 'Nome', rowHeader: true }, actionsColumn<Project>((p) => actions.rowActions(p))];
  return (
    <>
      <ListHeading
        title="Projetos"
        id="projetos"
        level={1}
        kicker="Cadastros"
        action={<button onClick={actions.openCreate}>Novo projeto</button>}
      />
      <DataTable labelledBy="projetos" rows={projects} columns={columns} rowKey={(p) => p.id} emptyText="Nenhum Projeto retornado" />
      <FormDialog open={actions.dialogOpen} onClose={actions.closeDialog} initialFocusRef={firstField}>
        <ProjectForm key={actions.editing?.id ?? 'novo'} project={actions.editing} onClose={actions.closeDialog} save={save} />
      </FormDialog>
      {actions.confirmDialog}
    </>
  );
}

const saude: Project = { id: 1, nome: 'Saúde', emUso: false };
const educacao: Project = { id: 2, nome: 'Educação', emUso: true };

describe('a register list', () => {
  it('deletes a record once the user confirms the spec’s question, and says so', async () => {
    const user = userEvent.setup();
    const deleteById = vi.fn(async (): Promise<CommandResult<unknown>> => ({ ok: true, data: undefined }));
    renderWithApp(<Projects initial={[saude, educacao]} deleteById={deleteById} />);
    expect(screen.getByRole('heading', { name: 'Projetos' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Projetos' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Excluir projeto Saúde' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Excluir projeto' }, LAZY);
    expect(dialog.textContent).toContain('Confirma que deseja excluir o projeto Saúde? Esta ação não poderá ser desfeita.');
    await user.click(within(dialog).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(shown).toEqual([{ type: 'success', title: 'Projeto excluído com sucesso' }]));
    expect(deleteById).toHaveBeenCalledWith(1);
    expect(screen.queryByRole('rowheader', { name: 'Saúde' })).toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Educação' })).toBeTruthy();
  });

  it('deletes nothing when the user answers "Não"', async () => {
    const user = userEvent.setup();
    const deleteById = vi.fn(async (): Promise<CommandResult<unknown>> => ({ ok: true, data: undefined }));
    renderWithApp(<Projects initial={[saude]} deleteById={deleteById} />);
    await user.click(screen.getByRole('button', { name: 'Excluir projeto Saúde' }));
    await user.click(await screen.findByRole('button', { name: 'Não' }, LAZY));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deleteById).not.toHaveBeenCalled();
    expect(shown).toEqual([]);
  });

  it('takes a command as its delete: a success is said as usual, a failure the command already showed is not said again', async () => {
    const user = userEvent.setup();
    const deleteById = vi
      .fn<(id: number) => Promise<CommandResult<unknown>>>()
      .mockResolvedValueOnce({ ok: false, reason: 'refused', message: 'O projeto está em uso por 3 municípios.', error: null })
      .mockResolvedValueOnce({ ok: true, data: undefined });
    renderWithApp(<Projects initial={[saude]} deleteById={deleteById} />);
    await user.click(screen.getByRole('button', { name: 'Excluir projeto Saúde' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }, LAZY));
    await waitFor(() => expect(deleteById).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(shown).toEqual([]);
    expect(screen.getByRole('rowheader', { name: 'Saúde' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Excluir projeto Saúde' }));
    await user.click(await screen.findByRole('button', { name: 'Sim' }, LAZY));
    await waitFor(() => expect(shown).toEqual([{ type: 'success', title: 'Projeto excluído com sucesso' }]));
    expect(screen.queryByRole('rowheader', { name: 'Saúde' })).toBeNull();
  });

  it('locks the buttons of a record that cannot change, saying why', () => {
    renderWithApp(<Projects initial={[educacao]} deleteById={async () => ({ ok: true, data: undefined })} />);
    const edit = screen.getByRole('button', { name: 'Editar projeto Educação' }) as HTMLButtonElement;
    expect(edit.disabled).toBe(true);
    expect(edit.title).toBe('Projeto em uso por um município');
    expect((screen.getByRole('button', { name: 'Excluir projeto Educação' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens the edit dialog with the record’s values; a refused save keeps the dialog and what was typed', async () => {
    const user = userEvent.setup();
    const save = vi.fn(async () => {
      throw refusal(400, { message: 'Já existe um projeto com este nome.' });
    });
    renderWithApp(<Projects initial={[saude]} deleteById={async () => ({ ok: true, data: undefined })} save={save} />);
    await user.click(screen.getByRole('button', { name: 'Editar projeto Saúde' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar projeto' });
    const name = within(dialog).getByLabelText('Nome') as HTMLInputElement;
    expect(name.value).toBe('Saúde');
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect(within(dialog).getByText('Informe o nome do projeto')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
    await user.type(name, 'Saúde e bem-estar');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('Já existe um projeto com este nome.');
    expect(name.value).toBe('Saúde e bem-estar');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cannot be closed while the save runs, and closes once it is done', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const save = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithApp(<Projects initial={[]} deleteById={async () => ({ ok: true, data: undefined })} save={save} />);
    expect(screen.getByText('Nenhum Projeto retornado')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Novo projeto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo projeto' });
    await user.type(within(dialog).getByLabelText('Nome'), 'Turismo');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith('Turismo'));
    await user.keyboard('{Escape}');
    // A closing dialog turns 'closed' at once (then animates out): this one stays open.
    expect(dialog.getAttribute('data-state')).toBe('open');
    expect((within(dialog).getByRole('button', { name: 'Cancelar' }) as HTMLButtonElement).disabled).toBe(true);
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('LoadError', () => {
  it('says why the list is missing and retries on request', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    renderWithApp(<LoadError message="Erro ao listar projetos" onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toContain('Erro ao listar projetos');
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });
});
