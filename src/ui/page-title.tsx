import { currentVariant } from '../session/variant.ts';

/** The document title of a screen: its own parts, then the variant's product name. */
export function PageTitle({ parts }: { parts: ReadonlyArray<string | null | undefined> }) {
  return <title>{[...parts.filter(Boolean), currentVariant().variant.title].join(' · ')}</title>;
}
