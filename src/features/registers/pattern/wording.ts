import type { Vocabulary } from '../../../domain/vocabulary.ts';
import type { RegisterDeclaration } from './declaration.ts';

type Wordable = Pick<RegisterDeclaration<unknown>, 'noun' | 'title' | 'emptyText'>;

const resolve = (value: string | ((words: Vocabulary) => string), words: Vocabulary) =>
  typeof value === 'function' ? value(words) : value;

/** One record's name in this variant ("eixo", or "pilar" in the Sala), lower case. */
export const nounOf = (d: Pick<Wordable, 'noun'>, words: Vocabulary) => resolve(d.noun.name, words);
/** The noun's gender in this variant ("a pergunta", "o critério" in the Sala), for articles and agreements. */
export const genderOf = (d: Pick<Wordable, 'noun'>, words: Vocabulary): 'm' | 'f' =>
  typeof d.noun.gender === 'function' ? d.noun.gender(words) : d.noun.gender;
export const titleOf = (d: Pick<Wordable, 'title'>, words: Vocabulary) => resolve(d.title, words);
export const emptyTextOf = (d: Pick<Wordable, 'emptyText'>, words: Vocabulary) => resolve(d.emptyText, words);

const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** "Tema cadastrado com sucesso", "Instituição atualizada com sucesso". */
export function savedMessage(noun: string, gender: 'm' | 'f', created: boolean): string {
  return `${capital(noun)} ${created ? 'cadastrad' : 'atualizad'}${gender === 'f' ? 'a' : 'o'} com sucesso`;
}

/** Said when a list's spreadsheet could not be made and the server gave no reason. */
export const SPREADSHEET_FAILED = 'Não foi possível gerar a planilha.';

/** "Não foi possível salvar o tema. Verifique sua conexão e tente novamente.": a save refused without a reason. */
export function saveFailureOf(noun: string, gender: 'm' | 'f'): { message: string } {
  return { message: `Não foi possível salvar ${gender === 'f' ? 'a' : 'o'} ${noun}. Verifique sua conexão e tente novamente.` };
}
