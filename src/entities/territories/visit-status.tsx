import { Badge } from '@chakra-ui/react';
import { VISIT_STATUS_LABELS, type VisitStatus } from '../../domain/territories.ts';

const PALETTE: Record<VisitStatus, string> = { planejada: 'blue', realizada: 'green', cancelada: 'gray' };

/** A visit's status as a badge, in words (colour is never the only sign). */
export function VisitStatusBadge({ status }: { status: VisitStatus }) {
  return <Badge colorPalette={PALETTE[status]}>{VISIT_STATUS_LABELS[status]}</Badge>;
}
