import * as z from 'zod/mini';

/**
 * Brazilian Portuguese messages for zod's generic checks (zod's own "pt" locale is European).
 * Imported once by the client entry and by the server so every generic message reads the same.
 * Schemas that the spec gives a message for set it explicitly; this only covers the rest.
 */
const sizeNoun: Record<string, string> = { string: 'caracteres', array: 'itens', set: 'itens', file: 'bytes' };

export const ptBrErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'Campo obrigatório' : 'Valor inválido';
    case 'too_small': {
      if (issue.origin === 'string' && issue.minimum === 1) return 'Campo obrigatório';
      const noun = sizeNoun[issue.origin as string];
      if (noun) return `Deve ter no mínimo ${issue.minimum} ${noun}`;
      // positive() is "greater than 0": "no mínimo 0" would name a value it refuses.
      return issue.inclusive === false ? `Deve ser maior que ${issue.minimum}` : `Deve ser no mínimo ${issue.minimum}`;
    }
    case 'too_big': {
      const noun = sizeNoun[issue.origin as string];
      if (noun) return `Deve ter no máximo ${issue.maximum} ${noun}`;
      return issue.inclusive === false ? `Deve ser menor que ${issue.maximum}` : `Deve ser no máximo ${issue.maximum}`;
    }
    case 'invalid_format':
      return issue.format === 'email' ? 'E-mail inválido' : 'Formato inválido';
    case 'invalid_value':
      return 'Opção inválida';
    case 'unrecognized_keys':
      return `Campos não reconhecidos: ${issue.keys.join(', ')}`;
    default:
      return 'Valor inválido';
  }
};

let installed = false;
export function installPtBrErrors(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: ptBrErrorMap });
}
