import { vocabulary, type Vocabulary } from '../domain/vocabulary.ts';
import { currentVariant } from './variant.ts';

// Apart from variant.ts: the signed-out pages need the variant (title, logo, colour), not its words.
const words: Readonly<Vocabulary> = vocabulary(currentVariant().variant);

/** The labels that vary by mode (Município/Projeto/Sala/Parceiro, Solução/Iniciativa/Fase, ...). */
export function currentVocabulary(): Readonly<Vocabulary> {
  return words;
}
