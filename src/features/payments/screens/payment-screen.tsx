import { Button, Stack } from '@chakra-ui/react';
import { useCallback, useState, type ReactNode } from 'react';
import { PAYMENT_MANAGE_FLAG, type PaymentDetail, type PaymentRow } from '../../../domain/payments.ts';
import { canManage } from '../../../domain/permissions.ts';
import { usePermissionContext } from '../../../session/permission-context.ts';
import { ListHeading } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { PaymentDetailDialog } from '../components/payment-detail.tsx';
import { PaymentDialog } from '../components/payment-dialog.tsx';

/**
 * The frame both payment screens share: the heading with "Novo processo de pagamento", the
 * create/edit dialog and the detail. The list in between is the screen's own.
 */
export function PaymentScreen({
  title,
  headingId,
  usuarioId,
  children,
}: {
  title: string;
  headingId: string;
  usuarioId: number;
  children: (open: (row: PaymentRow) => void) => ReactNode;
}) {
  const ctx = usePermissionContext();
  const mayAnalyse = ctx !== null && canManage(ctx, PAYMENT_MANAGE_FLAG);
  const [detailId, setDetailId] = useState<number | null>(null);
  // undefined: the dialog is closed; null: a new process.
  const [editing, setEditing] = useState<PaymentDetail | null | undefined>(undefined);
  const open = useCallback((row: PaymentRow) => setDetailId(row.processoPagamentoId), []);

  return (
    <Stack gap="5">
      <PageTitle parts={[title]} />
      <ListHeading
        title={title}
        id={headingId}
        level={1}
        action={<Button onClick={() => setEditing(null)}>Novo processo de pagamento</Button>}
      />
      {children(open)}
      <PaymentDetailDialog
        id={detailId}
        onClose={() => setDetailId(null)}
        mayAnalyse={mayAnalyse}
        usuarioId={usuarioId}
        onEdit={(process) => {
          setDetailId(null);
          setEditing(process);
        }}
      />
      <PaymentDialog
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        usuarioId={editing?.usuarioId ?? usuarioId}
        process={editing ?? null}
        onSaved={(process) => setDetailId(process.processoPagamentoId)}
      />
    </Stack>
  );
}
