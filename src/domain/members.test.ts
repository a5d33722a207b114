import { describe, expect, it } from 'vitest';
import { formatCpf, isValidCpf } from './cpf.ts';
import { checkPhotoDataUrl, MEMBER_MESSAGES, memberCreateSchema, memberUpdateSchema, normalizePhone, sniffImageType } from './members.ts';

/** Spec §5 "Member save" and §9 photo limit, as the member dialog and the API both apply them. */

const ana = { municipioId: 3, nome: 'Ana Souza', email: 'ana@exemplo.com.br', telefone: '48 99999 1234' };

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : result.error!.issues[0]!.message;
}

describe('member save (spec §5)', () => {
  it('stores one spelling of a phone, so a duplicate is caught however it was typed', () => {
    expect(memberCreateSchema('SC').parse(ana).telefone).toBe('(48) 99999-1234');
    expect(memberCreateSchema('SC').parse({ ...ana, telefone: '(48)3333.1234' }).telefone).toBe('(48) 3333-1234');
    expect(normalizePhone('48 9999-123')).toBeNull();
    expect(normalizePhone('+55 48 99999-1234')).toBeNull();
  });

  it('answers each missing or malformed field with its own message', () => {
    const schema = memberCreateSchema('SC');
    expect(firstMessage(schema.safeParse({ ...ana, nome: '  ' }))).toBe(MEMBER_MESSAGES.nomeObrigatorio);
    expect(firstMessage(schema.safeParse({ ...ana, telefone: '' }))).toBe('O telefone é obrigatório');
    expect(firstMessage(schema.safeParse({ ...ana, telefone: '4899' }))).toBe('Telefone inválido: use (##) ####-#### ou (##) #####-####');
    expect(firstMessage(schema.safeParse({ ...ana, email: 'ana@' }))).toBe('E-mail inválido');
    expect(firstMessage(schema.safeParse({ ...ana, cpf: '123.456.789' }))).toBe('CPF inválido: use ###.###.###-## ou 11 dígitos');
  });

  it('requires the e-mail except in São Paulo; the server checks again once it knows the state', () => {
    expect(firstMessage(memberCreateSchema('SC').safeParse({ ...ana, email: '' }))).toBe('O e-mail é obrigatório');
    expect(memberCreateSchema('sp').parse({ ...ana, email: '' }).email).toBeNull();
    expect(memberCreateSchema(null).parse({ ...ana, email: null }).email).toBeNull();
  });

  it('keeps a CPF as digits, masked or not, without enforcing its check digits', () => {
    expect(memberCreateSchema('SC').parse({ ...ana, cpf: '111.222.333-44' }).cpf).toBe('11122233344');
    expect(memberCreateSchema('SC').parse({ ...ana, cpf: ' ' }).cpf).toBeNull();
  });

  it('puts a member in one group at most; an update without the list keeps the link', () => {
    const twoGroups = [{ grupoId: 1 }, { grupoId: 2 }];
    expect(firstMessage(memberCreateSchema('SC').safeParse({ ...ana, membroGrupos: twoGroups }))).toBe('O membro pertence a um único grupo');
    const { municipioId: _m, ...fields } = ana;
    expect(memberUpdateSchema('SC').parse({ membroId: 9, ...fields }).membroGrupos).toBeUndefined();
  });

  it('gives the same value when its own output is parsed again (the outbox re-validates what it stored)', () => {
    const once = memberCreateSchema('SC').parse({ ...ana, cpf: '111.222.333-44', cargo: ' Secretária ' });
    expect(memberCreateSchema('SC').parse(once)).toEqual(once);
  });
});

describe('member photo (spec §9)', () => {
  const png = (bytes: number) => `data:image/png;base64,${'A'.repeat(Math.ceil(bytes / 3) * 4)}`;

  it('accepts a jpg or png data URL up to 150 kB of decoded bytes', () => {
    expect(checkPhotoDataUrl(png(150_000))).toMatchObject({ ok: true, mimeType: 'image/png' });
    expect(checkPhotoDataUrl('data:image/jpg;base64,/9j/4A==')).toMatchObject({ ok: true, mimeType: 'image/jpeg' });
  });

  it('refuses a larger photo and anything else with the spec’s messages', () => {
    expect(checkPhotoDataUrl(png(150_003))).toEqual({ ok: false, message: 'Foto maior que 150kb' });
    expect(checkPhotoDataUrl('data:image/gif;base64,R0lGOD==')).toEqual({ ok: false, message: 'A foto deve ser uma imagem jpg, jpeg ou png' });
    expect(checkPhotoDataUrl('data:image/png;base64,abc')).toEqual({ ok: false, message: 'A foto deve ser uma imagem jpg, jpeg ou png' });
  });

  it('tells the real type by the first bytes, whatever the data URL declares', () => {
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('image/png');
    expect(sniffImageType(new Uint8Array([0x47, 0x49, 0x46, 0x38]))).toBeNull();
  });
});

describe('CPF', () => {
  it('checks the two check digits and refuses repeated digits', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCpf('529.982.247-24')).toBe(false);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
  });

  it('formats as it is typed', () => {
    expect(formatCpf('5299')).toBe('529.9');
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
  });
});
