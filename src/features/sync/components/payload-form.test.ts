import { describe, expect, it } from 'vitest';
import { buildPayload, editableFields, errorsByField, fieldLabel, initialValues, NUMBER_REQUIRED, parseNumber } from './payload-form.ts';

const payload = {
  municipioId: 7,
  grupoId: -3,
  nome: 'Maria Souza',
  email: null,
  telefone: '(48) 99999-0000',
  horas: 1.5,
  confirmado: false,
  membroGrupos: [{ grupoId: -3 }],
};

describe('parked item edit form', () => {
  it('offers the top-level text, number and yes/no fields, never ids or nested values', () => {
    expect(editableFields(payload)).toEqual([
      { key: 'nome', label: 'Nome', kind: 'text', nullable: false },
      { key: 'email', label: 'Email', kind: 'text', nullable: true },
      { key: 'telefone', label: 'Telefone', kind: 'text', nullable: false },
      { key: 'horas', label: 'Horas', kind: 'number', nullable: false },
      { key: 'confirmado', label: 'Confirmado', kind: 'boolean', nullable: false },
    ]);
    expect(editableFields(null)).toEqual([]);
    expect(editableFields(['a'])).toEqual([]);
  });

  it('keeps everything it does not show, and applies the edits with their types', () => {
    const fields = editableFields(payload);
    const values = { ...initialValues(payload, fields), telefone: '(48) 98888-1111', horas: '2,25', confirmado: true };
    expect(initialValues(payload, fields)).toMatchObject({ nome: 'Maria Souza', email: '', horas: '1,5', confirmado: false });
    const { payload: next, errors } = buildPayload(payload, fields, values);
    expect(errors).toEqual({});
    expect(next).toEqual({ ...payload, telefone: '(48) 98888-1111', horas: 2.25, confirmado: true });
  });

  it('turns an emptied field that was null back into null, and an emptied text into ""', () => {
    const fields = editableFields(payload);
    const { payload: next } = buildPayload(payload, fields, { ...initialValues(payload, fields), email: '  ', nome: '' });
    expect(next.email).toBeNull();
    expect(next.nome).toBe('');
  });

  it('reports a number field that does not hold a number', () => {
    const fields = editableFields(payload);
    const { errors } = buildPayload(payload, fields, { ...initialValues(payload, fields), horas: 'duas' });
    expect(errors).toEqual({ horas: NUMBER_REQUIRED });
  });

  it('reads pt-BR and plain numbers', () => {
    expect(parseNumber('1.234,5')).toBe(1234.5);
    expect(parseNumber('1234.5')).toBe(1234.5);
    expect(parseNumber(' 12 ')).toBe(12);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('1,2,3')).toBeNull();
  });

  it('labels camelCase and snake_case keys in plain words', () => {
    expect(fieldLabel('nomeCompleto')).toBe('Nome completo');
    expect(fieldLabel('data_inicio')).toBe('Data inicio');
  });

  it('maps validation issues to their field, the first message of each', () => {
    expect(
      errorsByField([
        { path: 'telefone', message: 'Telefone inválido' },
        { path: 'telefone', message: 'outro' },
        { path: 'endereco.cep', message: 'CEP inválido' },
        { path: '', message: 'Geral' },
      ]),
    ).toEqual({ telefone: 'Telefone inválido', endereco: 'CEP inválido', '': 'Geral' });
  });
});
