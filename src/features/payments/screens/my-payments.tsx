import { Stack } from '@chakra-ui/react';
import { useId } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useSession } from '../../../session/store.ts';
import { payments } from '../data.ts';
import { PaymentListResult } from '../components/payment-table.tsx';
import { SignaturePanel, signatureRequestOf } from '../components/signature-panel.tsx';
import { PaymentScreen } from './payment-screen.tsx';

const TITLE = 'Meus Processos de Pagamentos';

/**
 * /gestao-pagamento/usuario/{id} (menu "Meus Processos de Pagamentos"): the processes of user {id}
 * (POST get-by-usuario); the server decides whose may be read. The electronic-signature link mailed
 * to the consultant lands here (`?assinar={processo}&codigo=…`): the process to sign shows above the list.
 */
export function MyPaymentsScreen() {
  const { id } = useParams();
  const session = useSession();
  const self = session.user?.usuarioId ?? 0;
  const usuarioId = Number(id) > 0 ? Number(id) : self;
  const list = payments.useOfUser(usuarioId);
  const headingId = useId();
  const [params] = useSearchParams();
  const signature = signatureRequestOf(params);
  return (
    <PaymentScreen title={TITLE} headingId={headingId} usuarioId={self}>
      {(open) => (
        <Stack gap="5">
          {signature && <SignaturePanel key={signature.processoPagamentoId} request={signature} onOpen={open} />}
          <PaymentListResult
            list={list}
            forbiddenMessage="Você não tem permissão para ver estes processos de pagamento."
            labelledBy={headingId}
            showUser={usuarioId !== self}
            onOpen={open}
          />
        </Stack>
      )}
    </PaymentScreen>
  );
}
