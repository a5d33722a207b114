import { Badge, Button, chakra } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { SyncStatus } from '../badge-data.ts';
import { SYNC_PATHS } from '../paths.ts';
import { AlertIcon, CloudIcon, CloudOffIcon, SyncIcon } from './sync-icons.tsx';
import { itemsText, SYNC_STATUS } from './status.ts';

const Spinning = chakra(SyncIcon, {
  base: { animation: 'spin 1.5s linear infinite', _motionReduce: { animation: 'none' } },
});

/**
 * State (online / offline / sincronizando / requer atenção) and how many items are not yet on the
 * server; a link to the sync centre. On narrow screens only the icon and the count show; the
 * accessible name always says everything.
 */
export function SyncBadgeView({ status, unsent }: { status: SyncStatus; unsent: number }) {
  const { label, colorPalette } = SYNC_STATUS[status];
  const name = `Sincronização: ${label}. ${unsent === 0 ? 'Nenhum item pendente' : itemsText(unsent, 'item pendente', 'itens pendentes')}`;
  const icon =
    status === 'sincronizando' ? (
      <Spinning />
    ) : status === 'requer-atencao' ? (
      <AlertIcon />
    ) : status === 'offline' ? (
      <CloudOffIcon />
    ) : (
      <CloudIcon />
    );
  return (
    <Button
      asChild
      size={{ base: 'xs', md: 'sm' }}
      variant="subtle"
      colorPalette={colorPalette}
      px={{ base: '1.5', md: '2' }}
      gap="1.5"
      data-sync-status={status}
    >
      <RouterLink to={SYNC_PATHS.centre} aria-label={name} title={name}>
        {icon}
        <chakra.span display={{ base: 'none', md: 'inline' }} aria-hidden="true">
          {label.charAt(0).toUpperCase() + label.slice(1)}
        </chakra.span>
        {unsent > 0 && (
          <Badge variant="solid" colorPalette={colorPalette} size="sm" rounded="full" aria-hidden="true">
            {unsent}
          </Badge>
        )}
      </RouterLink>
    </Button>
  );
}
