import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatDateTime } from '../../../domain/format.ts';
import type { PaymentDetail } from '../../../domain/payments.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { ServerAlert } from '../../../ui/server-alert.tsx';
import { apiErrorMessage, payments } from '../data.ts';

export type SignatureRequest = { processoPagamentoId: number; codigo: string };

/** The mailed link's query (`?assinar={id}&codigo={code}`, server/features/payments/routes.ts); null when it is not one. */
export function signatureRequestOf(params: URLSearchParams): SignatureRequest | null {
  const id = Number(params.get('assinar'));
  const codigo = params.get('codigo')?.trim() ?? '';
  return Number.isInteger(id) && id > 0 && codigo ? { processoPagamentoId: id, codigo } : null;
}

/**
 * The landing of the signature link mailed by enviar-assinatura-eletronica: the process to sign, one
 * action that signs it (POST assinar with the link's code), and then when it was signed. The page
 * stays on the link after signing, so the state shown is the process's (assinadoEm), not this
 * panel's: opening the link again says it is signed instead of offering a second signature.
 * Every refusal (someone else's process, a used, replaced or expired link) is the server's message.
 */
export function SignaturePanel({ request, onOpen }: { request: SignatureRequest; onOpen: (process: PaymentDetail) => void }) {
  const one = payments.useOne(request.processoPagamentoId);
  const headingId = useId();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const signedAt = one.status === 'ready' ? one.data.assinadoEm : null;

  // Keyboard and screen-reader users land on the outcome of what they just did.
  useEffect(() => {
    if (refusal || signedAt) resultRef.current?.focus();
  }, [refusal, signedAt]);

  async function sign() {
    setBusy(true);
    setRefusal(null);
    const result = await payments.sign(request, { inline: true });
    setBusy(false);
    if (result.ok) notifySuccess('Relatório de prestação de serviço assinado com sucesso');
    else if (result.reason !== 'session') setRefusal(result.message);
  }

  let body;
  if (one.status === 'error') {
    body = <ServerAlert status="error">{apiErrorMessage(one.error, 'Não foi possível carregar o processo de pagamento.')}</ServerAlert>;
  } else if (one.status !== 'ready') {
    body = <LoadingState label="Carregando o processo a assinar…" />;
  } else {
    const p = one.data;
    body = (
      <Stack gap="3">
        <Text>
          Processo de pagamento nº {p.numero} · contrato {p.numContrato} · período {p.periodoRealizacao}
        </Text>
        {p.assinadoEm ? (
          <ServerAlert status="success" ref={resultRef}>
            Relatório de prestação de serviço assinado em {formatDateTime(p.assinadoEm)}.
          </ServerAlert>
        ) : (
          <Text color="fg.muted">
            Confira o relatório de prestação de serviço e assine-o eletronicamente. A assinatura fica registrada no processo.
          </Text>
        )}
        {refusal && (
          <ServerAlert status="error" ref={resultRef}>
            {refusal}
          </ServerAlert>
        )}
        <HStack gap="2" wrap="wrap">
          {!p.assinadoEm && (
            <Button loading={busy} onClick={() => void sign()}>
              Assinar relatório de prestação de serviço
            </Button>
          )}
          <Button variant="outline" onClick={() => onOpen(p)}>
            Ver o processo
          </Button>
        </HStack>
      </Stack>
    );
  }

  return (
    <Stack as="section" aria-labelledby={headingId} gap="2" borderWidth="1px" borderColor="border.info" borderRadius="md" p="4">
      <Heading as="h2" size="md" id={headingId}>
        Assinatura eletrônica
      </Heading>
      {body}
    </Stack>
  );
}
