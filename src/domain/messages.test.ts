import { describe, expect, it } from 'vitest';
import { CONFIRM_MESSAGES, EMPTY_MESSAGES, ERROR_MESSAGES, REQUIRED_FIELD, SUCCESS_MESSAGES } from './messages.ts';

describe('messages', () => {
  it('keeps the spec §8 wording, written with its accents', () => {
    expect(SUCCESS_MESSAGES.reportSaved).toBe('Relatório salvo com sucesso');
    expect(ERROR_MESSAGES.saveReport).toBe('Erro ao salvar relatório');
    expect(ERROR_MESSAGES.getMembers).toBe('Erro ao obter membros');
    expect(ERROR_MESSAGES.saveMember).toBe('O telefone já cadastrado');
    expect(EMPTY_MESSAGES.municipalities).toBe('Nenhum Município retornado');
    expect(EMPTY_MESSAGES.institutions).toBe('Nenhuma Instituição retornada');
    expect(REQUIRED_FIELD).toBe('Campo Obrigatório');
    expect([CONFIRM_MESSAGES.yes, CONFIRM_MESSAGES.no]).toEqual(['Sim', 'Não']);
  });

  it('has no duplicate texts within a catalogue, so each key means one message', () => {
    for (const catalogue of [ERROR_MESSAGES, SUCCESS_MESSAGES, EMPTY_MESSAGES]) {
      const texts = Object.values(catalogue);
      expect(new Set(texts).size).toBe(texts.length);
    }
  });

  it('writes every empty-list text as "Nenhum(a) ... retornado(a)"', () => {
    for (const text of Object.values(EMPTY_MESSAGES)) expect(text).toMatch(/^(Nenhum .+ retornado|Nenhuma .+ retornada)$/);
  });
});
