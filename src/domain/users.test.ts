import { describe, expect, it } from 'vitest';
import { groupInputSchema, idParamsSchema, userInputSchema, userListQuerySchema } from './users.ts';

/** The user and group forms' rules (spec §3, §6), as the admin screens and the API both apply them. */

const beatriz = { nome: ' Beatriz Lima ', email: 'Beatriz.Lima@Exemplo.com.BR' };

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : result.error!.issues[0]!.message;
}

describe('user form', () => {
  it('trims the name and keeps the e-mail in lower case, so one person cannot have two accounts by its case', () => {
    expect(userInputSchema.parse(beatriz)).toMatchObject({ nome: 'Beatriz Lima', email: 'beatriz.lima@exemplo.com.br' });
  });

  it('names what is missing or wrong', () => {
    expect(firstMessage(userInputSchema.safeParse({ email: 'a@b.com' }))).toBe('O nome é obrigatório');
    expect(firstMessage(userInputSchema.safeParse({ ...beatriz, email: '  ' }))).toBe('O e-mail é obrigatório');
    expect(firstMessage(userInputSchema.safeParse({ ...beatriz, email: 'beatriz@' }))).toBe('E-mail inválido');
    expect(firstMessage(userInputSchema.safeParse({ ...beatriz, telefone: '4899' }))).toBe('Telefone inválido');
    expect(firstMessage(userInputSchema.safeParse({ ...beatriz, permissoes: [{ municipioId: 3, permissao: 'Gerente' }] }))).toBe('Permissão inválida');
  });

  it('checks a user’s CPF digits (unlike a member’s), masked or not, and stores the digits', () => {
    expect(userInputSchema.parse({ ...beatriz, cpf: '529.982.247-25' }).cpf).toBe('52998224725');
    expect(userInputSchema.parse({ ...beatriz, cpf: '' }).cpf).toBeNull();
    expect(firstMessage(userInputSchema.safeParse({ ...beatriz, cpf: '529.982.247-24' }))).toBe('CPF inválido');
  });

  it('reads ids and filters from the address, refusing what is not an id', () => {
    expect(idParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
    expect(firstMessage(idParamsSchema.safeParse({ id: '0' }))).toBe('Identificador inválido');
    expect(firstMessage(idParamsSchema.safeParse({ id: '9999999999' }))).toBe('Identificador inválido');
    expect(userListQuerySchema.parse({ nome: ' ', habilitado: 'false' })).toEqual({ nome: undefined, habilitado: false });
    expect(firstMessage(userListQuerySchema.safeParse({ habilitado: 'talvez' }))).toBe('Use true ou false');
  });
});

describe('group form', () => {
  it('reserves "Administrador", refusing names that only look like it', () => {
    expect(groupInputSchema.parse({ nome: 'Administrador' }).nome).toBe('Administrador');
    for (const nome of ['administrador', 'Administradór', 'Аdministrador', 'Adm\u200binistrador']) {
      expect(firstMessage(groupInputSchema.safeParse({ nome }))).toBe('Nome reservado: para o grupo de administradores use exatamente "Administrador"');
    }
    expect(groupInputSchema.parse({ nome: 'Administração regional' }).nome).toBe('Administração regional');
  });

  it('takes at most five axes and administrative reports 1 to 51', () => {
    expect(firstMessage(groupInputSchema.safeParse({ nome: 'Consultores', visualizaEixosIds: [1, 2, 3, 4, 5, 6] }))).toBe('Selecione no máximo 5 eixos');
    expect(firstMessage(groupInputSchema.safeParse({ nome: 'Consultores', relatorioAdm: [52] }))).toBe('Relatório inválido: use um número de 1 a 51');
    expect(groupInputSchema.parse({ nome: 'Consultores', novoRelatorio: true, relatorioAdm: [1, 51] })).toMatchObject({ novoRelatorio: true, relatorioAdm: [1, 51] });
  });
});
