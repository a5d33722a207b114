import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '../../../ui/dialog-parts.tsx';
import { DialogShell } from '../../../ui/dialog-shell.tsx';
import { useOnline } from '../../../lib/online.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { plans, type ListedPlan } from '../data.ts';
import { publicPlanPath } from '../paths.ts';

/**
 * The public read-only link of one plan: created on demand, copied, replaced by a new one or
 * revoked. Each needs the server (the secret is made there), so the buttons wait for a connection.
 */
export function ShareDialog({ plan, onClose }: { plan: ListedPlan | null; onClose: () => void }) {
  const online = useOnline();
  const url = plan?.hashPublico ? `${window.location.origin}${publicPlanPath(plan.hashPublico, plan.sala5w2hId)}` : null;
  return (
    <DialogShell open={plan !== null} onClose={onClose} closeButton>
      <Dialog.Header>
        <Dialog.Title>Link público do plano</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {plan && (
          <Stack gap="3">
            <Text>Quem tiver o link vê somente este plano ({plan.oQue}), sem entrar no sistema e sem poder alterá-lo.</Text>
            {url ? (
              <>
                <Input readOnly value={url} aria-label="Link público" onFocus={(e) => e.currentTarget.select()} />
                <HStack gap="2" wrap="wrap">
                  <Button size="sm" onClick={() => void navigator.clipboard?.writeText(url).then(() => notifySuccess('Link copiado'))}>
                    Copiar link
                  </Button>
                  <Button size="sm" variant="outline" disabled={!online} onClick={() => void plans.share(plan.sala5w2hId)}>
                    Gerar novo link
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    colorPalette="red"
                    disabled={!online}
                    onClick={() => void plans.revoke(plan.sala5w2hId)}
                  >
                    Revogar link
                  </Button>
                </HStack>
                <Text textStyle="sm" color="fg.muted">
                  Um novo link ou a revogação fazem o link atual deixar de abrir.
                </Text>
              </>
            ) : (
              <Button alignSelf="start" disabled={!online} onClick={() => void plans.share(plan.sala5w2hId)}>
                Criar link público
              </Button>
            )}
            {!online && <Text color="fg.muted">Sem conexão: o link só pode ser criado ou revogado on-line.</Text>}
          </Stack>
        )}
      </Dialog.Body>
    </DialogShell>
  );
}
