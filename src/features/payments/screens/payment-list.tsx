import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import {
  PAYMENT_STATUS_LABELS,
  paymentStatusSchema,
  type PaymentFilter,
  type PaymentRow,
  type PaymentStatus,
} from '../../../domain/payments.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSession } from '../../../session/store.ts';
import { Combo } from '../../../ui/combo.tsx';
import { FilterActions, PeriodFields, periodFilterErrors } from '../../../ui/filter-form.tsx';
import { StatusCombo } from '../../../ui/entity-combos.tsx';
import { PaymentListResult } from '../components/payment-table.tsx';
import { payments, usersData } from '../data.ts';
import { PaymentScreen } from './payment-screen.tsx';

const TITLE = 'Processos de pagamentos';

type Filters = { usuarioIds: number[]; contratoIds: number[]; status: PaymentStatus[]; inicio: string; fim: string };
const NO_FILTERS: Filters = { usuarioIds: [], contratoIds: [], status: [], inicio: '', fim: '' };
const STATUS_OPTIONS = paymentStatusSchema.options.map((value) => ({ value, label: PAYMENT_STATUS_LABELS[value] }));

const isUnfiltered = (f: PaymentFilter) => !f.usuarioIds?.length && !f.contratoIds?.length && !f.status?.length && !f.inicio && !f.fim;

function toRequest(f: Filters): PaymentFilter {
  return { usuarioIds: f.usuarioIds, contratoIds: f.contratoIds, status: f.status, inicio: f.inicio || null, fim: f.fim || null };
}

/**
 * /gestao-pagamento (menu "Processos de pagamentos"): the processes the user may see, filtered by
 * consultant, contract, period and status (POST list-by-filtro). Login only (spec §6): the server
 * answers a consultant with their own processes, and a 403 is said on the page.
 */
export function PaymentListScreen() {
  const session = useSession();
  const headingId = useId();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [applied, setApplied] = useState<PaymentFilter>(() => toRequest(NO_FILTERS));
  const [periodErrors, setPeriodErrors] = useState<{ inicio?: string; fim?: string }>({});
  const search = payments.useSearch(applied);
  const consultants = usersData.useConsultants();

  const consultantOptions = useMemo(
    () => (consultants.status === 'ready' ? consultants.data.map((u) => ({ value: u.usuarioId, label: u.nome })) : []),
    [consultants],
  );
  // The contracts that have a process, the only ones a filter can find anything under, taken from
  // the last unfiltered answer (the screen opens on one): a second read of every process (GET list)
  // only for these options doubled the download and parse of a 5,000-row list before its first rows.
  const [unfiltered, setUnfiltered] = useState<readonly PaymentRow[]>([]);
  const unfilteredAnswer = search.status === 'ready' && isUnfiltered(applied) ? search.data : null;
  if (unfilteredAnswer && unfilteredAnswer !== unfiltered) setUnfiltered(unfilteredAnswer);
  const contractOptions = useMemo(
    () => [...new Map(unfiltered.map((p) => [p.contratoId, { value: p.contratoId, label: p.numContrato }])).values()],
    [unfiltered],
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    const errors = periodFilterErrors(filters.inicio, filters.fim);
    if (errors) {
      setPeriodErrors(errors);
      notifyError(errors.inicio ?? errors.fim!);
      return;
    }
    setPeriodErrors({});
    setApplied(toRequest(filters));
  }

  return (
    <PaymentScreen title={TITLE} headingId={headingId} usuarioId={session.user?.usuarioId ?? 0}>
      {(open) => (
        <Stack gap="5">
          <form onSubmit={submit} aria-label="Filtros dos processos de pagamento">
            <Stack gap="4">
              <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
                <Combo<number>
                  multiple
                  label="Consultor"
                  emptyText="Nenhum Consultor retornado"
                  options={consultantOptions}
                  value={filters.usuarioIds}
                  onValueChange={(usuarioIds) => setFilters((f) => ({ ...f, usuarioIds }))}
                  maxChips={1}
                  loading={consultants.status === 'loading'}
                />
                <Combo<number>
                  multiple
                  label="Contrato"
                  emptyText="Nenhum Contrato retornado"
                  options={contractOptions}
                  value={filters.contratoIds}
                  onValueChange={(contratoIds) => setFilters((f) => ({ ...f, contratoIds }))}
                  maxChips={1}
                  loading={search.status === 'loading' && unfiltered.length === 0}
                />
                <StatusCombo<PaymentStatus>
                  multiple
                  keepOrder
                  options={STATUS_OPTIONS}
                  value={filters.status}
                  onValueChange={(status) => setFilters((f) => ({ ...f, status }))}
                />
                <PeriodFields
                  labels={['Período a partir de', 'Período até']}
                  inicio={filters.inicio}
                  fim={filters.fim}
                  errors={periodErrors}
                  onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))}
                />
              </SimpleGrid>
              <FilterActions
                loading={search.status === 'loading'}
                onClear={() => {
                  setFilters(NO_FILTERS);
                  setPeriodErrors({});
                  setApplied(toRequest(NO_FILTERS));
                }}
              />
            </Stack>
          </form>
          <PaymentListResult
            list={search}
            forbiddenMessage="Você não tem permissão para ver os processos de pagamento."
            labelledBy={headingId}
            showUser
            onOpen={open}
          />
        </Stack>
      )}
    </PaymentScreen>
  );
}
