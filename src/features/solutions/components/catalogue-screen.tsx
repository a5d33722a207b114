import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { PageTitle } from '../../../ui/page-title.tsx';
import { catalogue, type CatalogueKind } from '../data.ts';
import type { Crumb } from '../paths.ts';
import { Trail } from '../../../ui/trail.tsx';

/**
 * An address whose record does not exist, or does not belong to the chain it names (a group of
 * another project), is answered like a missing record: one notification, then the level above.
 */
export function useLeaveWhenMissing(missing: boolean, message: string, to: string) {
  const navigate = useNavigate();
  const left = useRef(false);
  useEffect(() => {
    if (!missing || left.current) return;
    left.current = true;
    notifyError(message);
    navigate(to, { replace: true });
  }, [missing, message, navigate, to]);
}

/** Title, trail and the list of one catalogue level. */
export function CatalogueScreen({ title, crumbs, children }: { title: string; crumbs: readonly Crumb[]; children: ReactNode }) {
  return (
    <Stack gap="5">
      <PageTitle parts={[title, 'Gestão de Projetos']} />
      <Trail crumbs={crumbs} />
      {children}
    </Stack>
  );
}

/** "Projeto Cidade Empreendedora": what the list belongs to, above its title. */
export function parentKicker(noun: string, name: string | null): string | undefined {
  return name === null ? undefined : `${noun}: ${name}`;
}

/** A row's link to the level below ("Soluções"), named for screen readers after the row. */
export function OpenLevelButton({ to, label, name }: { to: string; label: string; name: string }) {
  return (
    <Button asChild size="xs" variant="outline">
      <RouterLink to={to} aria-label={`${label} de ${name}`}>
        {label}
      </RouterLink>
    </Button>
  );
}

/** A disabled record's actions: what it is, and Reabilitar for whoever may write. */
export function DisabledActions({ name, onReenable, busy }: { name: string; onReenable: () => void; busy: boolean }) {
  return (
    <HStack gap="2" justify="flex-end" wrap="wrap">
      <Text as="span" textStyle="xs" color="fg.muted">
        Desabilitado
      </Text>
      <Button size="xs" variant="outline" aria-label={`Reabilitar ${name}`} loading={busy} onClick={onReenable}>
        Reabilitar
      </Button>
    </HStack>
  );
}

/** Reabilitar on a disabled row: the server refuses a task whose solution is disabled, in the variant's words. */
export function useReenable(kind: CatalogueKind, successMessage: string, onDone: () => void) {
  const [busyId, setBusyId] = useState<number | null>(null);
  async function reenable(id: number) {
    setBusyId(id);
    const reenabled = await catalogue.reenableCatalogueRecord({ kind, id, mode: currentVocabulary().mode });
    setBusyId(null);
    if (!reenabled.ok) return;
    notifySuccess(successMessage);
    onDone();
  }
  return { busyId, reenable };
}
