import { Box, Button, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useRef, useState } from 'react';
import type { Member } from '../../../domain/members.ts';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { MemberCombo } from '../../../ui/entity-combos.tsx';
import { MemberDialog } from '../../../entities/members/member-dialog.tsx';
import { fieldReports } from '../data.ts';
import type { GuestDraft } from '../form-logic.ts';
import { TableClip } from '../../../ui/list-screen.tsx';

export type GuestsTabProps = {
  municipioId: number;
  uf: string;
  /** The chosen meeting's group: a member registered here joins it. */
  grupoId: number | null;
  members: readonly Member[];
  guests: readonly GuestDraft[];
  /** Receives an update of the current list (a registration may land after other changes). */
  onChange: (update: (guests: GuestDraft[]) => GuestDraft[]) => void;
};

/**
 * Spec §2 "Guests": who was invited and who was present. Members come from the device (so the
 * picker works offline); "Cadastrar membro" opens the shared member dialog, which also works
 * offline, and the member it registers (with a temporary id until the server names it) joins the
 * guests, marked present.
 */
export function GuestsTab({ municipioId, uf, grupoId, members, guests, onChange }: GuestsTabProps) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const before = useRef<Set<number>>(new Set());

  const options = useMemo(() => {
    const chosen = new Set(guests.map((g) => g.membroId));
    return members.filter((m) => !chosen.has(m.membroId)).map((m) => ({ value: m.membroId, label: m.nome }));
  }, [members, guests]);

  function add(added: ReadonlyArray<Pick<Member, 'membroId' | 'nome'>>) {
    if (added.length === 0) return;
    onChange((current) => {
      const chosen = new Set(current.map((g) => g.membroId));
      const fresh = added
        .filter((m) => !chosen.has(m.membroId))
        .map((m) => ({ membroId: m.membroId, nome: m.nome, presente: true, manual: true }));
      return fresh.length > 0 ? [...current, ...fresh] : current;
    });
  }

  async function openDialog() {
    before.current = await fieldReports.memberIdsOnDevice(municipioId);
    setDialogOpen(true);
  }

  async function closeDialog() {
    setDialogOpen(false);
    // Registered offline, the dialog hands back no member: the new row on the device (temp id) is the one.
    add(await fieldReports.membersAddedSince(municipioId, before.current));
  }

  const columns: Array<DataColumn<GuestDraft>> = [
    { key: 'nome', header: 'Convidado', rowHeader: true },
    {
      key: 'presente',
      header: 'Presente',
      width: '7rem',
      cell: (guest) => (
        <Checkbox.Root
          checked={guest.presente}
          onCheckedChange={(details) =>
            onChange((current) => current.map((g) => (g.membroId === guest.membroId ? { ...g, presente: details.checked === true } : g)))
          }
        >
          <Checkbox.HiddenInput aria-label={`Presente: ${guest.nome}`} />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
    },
    {
      key: 'acoes',
      header: 'Ações',
      sortable: false,
      align: 'end',
      width: '8rem',
      cell: (guest) => (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          aria-label={`Remover convidado ${guest.nome}`}
          onClick={() => onChange((current) => current.filter((g) => g.membroId !== guest.membroId))}
        >
          Remover
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="4">
      <HStack gap="3" align="end" wrap="wrap">
        <Box flex="1" minW="16rem">
          <MemberCombo<number>
            label="Adicionar convidado"
            options={options}
            value={null}
            onValueChange={(membroId) => {
              const member = members.find((m) => m.membroId === membroId);
              if (member) add([member]);
            }}
          />
        </Box>
        <Button variant="outline" onClick={() => void openDialog()}>
          Cadastrar membro
        </Button>
      </HStack>
      <Text textStyle="sm" color="fg.muted">
        {guests.length === 0
          ? 'Nenhum convidado.'
          : `${guests.length} convidado(s), ${guests.filter((g) => g.presente).length} presente(s).`}
      </Text>
      {guests.length > 0 && (
        <TableClip>
          <DataTable
            rows={guests}
            columns={columns}
            rowKey={(g) => g.membroId}
            label="Convidados"
            emptyText="Nenhum convidado"
            minWidth="28rem"
          />
        </TableClip>
      )}
      <MemberDialog
        open={dialogOpen}
        onClose={() => void closeDialog()}
        municipioId={municipioId}
        uf={uf}
        grupoId={grupoId}
        onSaved={(member) => add([member])}
      />
    </Stack>
  );
}
