import { describe, expect, it } from 'vitest';
import { axes } from './axes.ts';
import { endpoint, matches, pathOf, requestOf } from './endpoint.ts';
import { idParams } from './schemas.ts';

const save = endpoint({
  method: 'PUT',
  path: '/teste/:id/arquivo/:nome',
  summary: 'Teste',
  tags: ['teste'],
  access: 'session',
  params: idParams,
  response: {},
});

describe('endpoint declarations', () => {
  it('are frozen', () => {
    expect(Object.isFrozen(axes.list)).toBe(true);
  });

  it('give the path relative to /api (ky prefixUrl, outbox), each parameter URI-encoded', () => {
    expect(pathOf(axes.list)).toBe('projeto/eixo/get-eixo');
    expect(pathOf(axes.ofMunicipality, { id: 7 })).toBe('projeto/eixo/get-eixo-by-permissao-municipio/7');
    expect(pathOf(save, { id: 3, nome: 'relatório final.pdf' })).toBe('teste/3/arquivo/relat%C3%B3rio%20final.pdf');
    expect(() => pathOf(axes.ofMunicipality)).toThrow(/id/);
  });

  it('give the request an outbox stores: method, path with its query string, JSON body', () => {
    expect(requestOf(save, { params: { id: 1, nome: 'a' }, query: { x: 1, vazio: undefined }, body: { ok: true } })).toEqual({
      method: 'PUT',
      path: 'teste/1/arquivo/a?x=1',
      json: { ok: true },
    });
    expect(requestOf(axes.list)).toEqual({ method: 'GET', path: 'projeto/eixo/get-eixo' });
  });

  it('recognise their own requests', () => {
    expect(matches(save, { method: 'put', path: 'teste/1/arquivo/a?x=1' })).toBe(true);
    expect(matches(save, { method: 'PUT', path: 'teste/1/arquivo' })).toBe(false);
    expect(matches(axes.list, { method: 'POST', path: 'projeto/eixo/get-eixo' })).toBe(false);
  });
});
