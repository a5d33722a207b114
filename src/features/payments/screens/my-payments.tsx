import { useId } from 'react';
import { useParams } from 'react-router-dom';
import { useSession } from '../../../session/store.ts';
import { LoadError } from '../../../ui/list-screen.tsx';
import { NoPermission } from '../../../ui/access-gate.tsx';
import { apiErrorMessage, httpStatusOf, payments } from '../data.ts';
import { PaymentTable } from '../components/payment-table.tsx';
import { PaymentScreen } from './payment-screen.tsx';

const TITLE = 'Meus Processos de Pagamentos';

/** /gestao-pagamento/usuario/{id} (menu "Meus Processos de Pagamentos"): the processes of user {id} (POST get-by-usuario); the server decides whose may be read. */
export function MyPaymentsScreen() {
  const { id } = useParams();
  const session = useSession();
  const self = session.user?.usuarioId ?? 0;
  const usuarioId = Number(id) > 0 ? Number(id) : self;
  const list = payments.useOfUser(usuarioId);
  const headingId = useId();
  return (
    <PaymentScreen title={TITLE} headingId={headingId} usuarioId={self}>
      {(open) =>
        list.status === 'error' ? (
          httpStatusOf(list.error) === 403 ? (
            <NoPermission message={apiErrorMessage(list.error, 'Você não tem permissão para ver estes processos de pagamento.')} />
          ) : (
            <LoadError
              message={apiErrorMessage(list.error, 'Não foi possível carregar os processos de pagamento.')}
              onRetry={list.reload}
            />
          )
        ) : (
          <PaymentTable
            rows={list.status === 'ready' ? list.data : []}
            labelledBy={headingId}
            loading={list.status !== 'ready'}
            showUser={usuarioId !== self}
            onOpen={open}
          />
        )
      }
    </PaymentScreen>
  );
}
