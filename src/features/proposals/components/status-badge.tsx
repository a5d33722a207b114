import { Badge } from '@chakra-ui/react';
import { PROPOSAL_STATUS_LABELS, type ProposalStatus } from '../../../domain/proposals.ts';
import type { RowTone } from '../../../ui/data-table.tsx';

const PALETTE: Record<ProposalStatus, string> = { rascunho: 'gray', enviada: 'blue', aprovada: 'green', rejeitada: 'red' };
const TONE: Partial<Record<ProposalStatus, RowTone>> = { enviada: 'info', aprovada: 'success', rejeitada: 'danger' };

/** The status in words (the row tint is never its only carrier). */
export function ProposalStatusBadge({ status }: { status: ProposalStatus }) {
  return <Badge colorPalette={PALETTE[status]}>{PROPOSAL_STATUS_LABELS[status]}</Badge>;
}

export const proposalRowTone = (row: { status: ProposalStatus }) => TONE[row.status];
