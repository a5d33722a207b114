import { Badge } from '@chakra-ui/react';
import { sealLabel, type SealLevel } from '../../domain/sala-seal.ts';

/** Each level's colour, as medals read (bronze orange, prata gray, ouro yellow) and diamante cyan. */
const PALETTE: Record<SealLevel, string> = { bronze: 'orange', prata: 'gray', ouro: 'yellow', diamante: 'cyan' };

/** The room's seal level (subtle: the solid orange and yellow fail contrast with their text) (src/domain/sala-seal.ts), or "Sem selo". */
export function SealBadge({ level, size = 'md' }: { level: SealLevel | null; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge colorPalette={level ? PALETTE[level] : 'gray'} variant={level ? 'subtle' : 'outline'} size={size}>
      {level ? `Selo ${sealLabel(level)}` : sealLabel(null)}
    </Badge>
  );
}
