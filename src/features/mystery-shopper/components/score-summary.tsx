import { HStack, Stack, Text } from '@chakra-ui/react';
import { SealBadge } from '../../../entities/sala/seal-badge.tsx';
import { CRITERIA, formatScore, score, sealOf, unanswered, type Answers, type ShopperSeal } from '../../../domain/mystery-shopper.ts';

/** The round's score and seal: computed live from the answers while open, the frozen result once finalized. */
export function ScoreSummary({ answers, final }: { answers: Answers; final?: { pontuacao: number; selo: ShopperSeal | null } }) {
  const pontuacao = final?.pontuacao ?? score(answers);
  const selo = final ? final.selo : sealOf(pontuacao);
  const missing = unanswered(answers);
  return (
    <Stack gap="1" borderWidth="1px" rounded="md" p="4" aria-live="polite" role="status" aria-label="Pontuação da rodada">
      <HStack gap="3" wrap="wrap">
        <Text textStyle="lg" fontWeight="semibold">{`Pontuação: ${formatScore(pontuacao)}`}</Text>
        <SealBadge level={selo} />
      </HStack>
      <Text color="fg.muted" textStyle="sm">
        {final
          ? 'Resultado final da rodada.'
          : `${CRITERIA.length - missing} de ${CRITERIA.length} critérios respondidos; um critério sem resposta conta como zero.`}
      </Text>
    </Stack>
  );
}
