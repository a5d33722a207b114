import { Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { Query } from '../data.ts';
import { useOnline } from '../../../lib/online.ts';
import { LoadError } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';

export const OFFLINE_TEXT = 'Sem conexão. Esta aba é lida do servidor: conecte-se para vê-la.';

/** The usual states of an online read: loading, offline (nothing will come), failed with a retry, or the data. */
export function ReadState<T>({ read, failure, children }: { read: Query<T>; failure: string; children: (data: T) => ReactNode }) {
  const online = useOnline();
  if (read.status === 'ready') return <>{children(read.data)}</>;
  if (read.status === 'error') return read.sessionEnded ? null : <LoadError message={failure} onRetry={read.reload} />;
  if (!online) return <Text role="status">{OFFLINE_TEXT}</Text>;
  return <LoadingState />;
}
