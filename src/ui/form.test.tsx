// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HTTPError, type NormalizedOptions } from 'ky';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { errorBodies } from '../lib/api-errors.ts';
import { useFormSubmit, useSchemaForm, type SubmittableForm } from './form.ts';
import { ServerAlert } from './server-alert.tsx';
import { TextField } from './text-field.tsx';
import { renderWithApp } from '../../tests/component/render.tsx';

afterEach(cleanup);

const schema = z.object({
  nome: z.string().check(z.trim(), z.minLength(1, 'Campo Obrigatório')),
  email: z.email('E-mail inválido'),
});
type Contact = z.output<typeof schema>;

/** The form pattern as screens use it: one schema, fields spread from form.field, one submit flow. */
function ContactForm({ send, lazy = false }: { send: (data: Contact) => Promise<void>; lazy?: boolean }) {
  return lazy ? <LazyContactForm send={send} /> : <EagerContactForm send={send} />;
}

const loadSchema = async () => schema;

function EagerContactForm({ send }: { send: (data: Contact) => Promise<void> }) {
  return <ContactFields form={useSchemaForm(schema, { nome: '', email: '' })} send={send} />;
}

function LazyContactForm({ send }: { send: (data: Contact) => Promise<void> }) {
  return <ContactFields form={useSchemaForm(loadSchema, { nome: '', email: '' })} send={send} />;
}

type ContactFormState = SubmittableForm<Contact> & Pick<ReturnType<typeof useSchemaForm<typeof schema>>, 'field'>;

function ContactFields({ form, send }: { form: ContactFormState; send: (data: Contact) => Promise<void> }) {
  const { formRef, pending, serverError, handleSubmit } = useFormSubmit(form, send, 'Erro ao salvar contato');
  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      {serverError && <ServerAlert status="error">{serverError}</ServerAlert>}
      <TextField label="Nome" {...form.field('nome')} />
      <TextField label="E-mail" {...form.field('email')} />
      <button type="submit" disabled={pending}>
        Salvar
      </button>
    </form>
  );
}

/** Lets the frame that focusFirstInvalid waits for pass. */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

function serverRefusal(body: unknown): HTTPError {
  const request = new Request('http://localhost/api/contato', { method: 'POST' });
  const error = new HTTPError(new Response(JSON.stringify(body), { status: 400 }), request, {} as NormalizedOptions);
  errorBodies.set(error, body as never);
  return error;
}

describe('the form pattern (useSchemaForm + useFormSubmit)', () => {
  it('shows the schema messages under the fields, focuses the first invalid one and sends nothing', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => undefined);
    renderWithApp(<ContactForm send={send} />);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await nextFrame();
    expect(screen.getByText('Campo Obrigatório')).toBeTruthy();
    expect(screen.getByText('E-mail inválido')).toBeTruthy();
    expect(screen.getByLabelText('Nome').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Nome'));
    expect(send).not.toHaveBeenCalled();
  });

  it('re-validates as the user types once they tried to submit, and sends the parsed values', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => undefined);
    renderWithApp(<ContactForm send={send} />);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await user.type(screen.getByLabelText('Nome'), '  Ana  ');
    expect(screen.queryByText('Campo Obrigatório')).toBeNull();
    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com.br');
    expect(screen.queryByText('E-mail inválido')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(send).toHaveBeenCalledWith({ nome: 'Ana', email: 'ana@exemplo.com.br' });
  });

  it('loads a lazy schema at the latest on submit', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => undefined);
    renderWithApp(<ContactForm send={send} lazy />);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    // The budget only guards a hang: the schema promise settles within the same task queue.
    expect(await screen.findByText('Campo Obrigatório', {}, { timeout: 10_000 })).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });

  it('shows the server message and its field issues, keeping what was typed', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => {
      throw serverRefusal({ message: 'O e-mail já está cadastrado.', issues: [{ path: ['email'], message: 'Já cadastrado' }] });
    });
    renderWithApp(<ContactForm send={send} />);
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com.br');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('alert').textContent).toContain('O e-mail já está cadastrado.');
    expect(screen.getByText('Já cadastrado')).toBeTruthy();
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Ana');
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('ana@exemplo.com.br');
  });

  it('falls back to its own message when the failure has no server message', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <ContactForm
        send={async () => {
          throw new TypeError('Failed to fetch');
        }}
      />,
    );
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com.br');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByRole('alert').textContent).toContain('Erro ao salvar contato');
  });
});
