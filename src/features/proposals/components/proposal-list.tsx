import { Button, Stack } from '@chakra-ui/react';
import { useId, useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatMoney } from '../../../domain/format.ts';
import { PROPOSAL_STATUS_LABELS, type ProposalRow } from '../../../domain/proposals.ts';
import { useCity } from '../../../session/city.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { AppLink } from '../../../ui/app-link.tsx';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import { ListHeading, LoadError, TableClip } from '../../../ui/list-screen.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { proposals } from '../data.ts';
import { proposalHref } from '../paths.ts';
import { ProposalStatusBadge, proposalRowTone } from './status-badge.tsx';

const money = (value: unknown) => formatMoney(Number(value) / 100);

/** The municipality's proposals, newest first, each linking to its page; "Nova proposta" opens the form. */
export function ProposalList() {
  const { municipality } = useCity();
  const municipioId = municipality.municipioId;
  const list = proposals.useList(municipioId);
  const headingId = useId();
  const title = currentVocabulary().cityTabs.proposta;

  const columns = useMemo<Array<DataColumn<ProposalRow>>>(
    () => [
      {
        key: 'titulo',
        header: 'Título',
        rowHeader: true,
        truncate: 60,
        cell: (r) => <AppLink to={proposalHref.detail(municipioId, r.propostaId)}>{r.titulo}</AppLink>,
      },
      {
        key: 'status',
        header: 'Situação',
        cardPriority: 1,
        width: '12rem',
        value: (r) => PROPOSAL_STATUS_LABELS[r.status],
        cell: (r) => <ProposalStatusBadge status={r.status} />,
      },
      { key: 'valorTotal', header: 'Valor total', align: 'end', format: money, cardPriority: 2 },
      { key: 'investimentoMunicipio', header: 'Investimento do município', align: 'end', format: money },
      { key: 'contrapartidaSebrae', header: 'Contrapartida do Sebrae', align: 'end', format: money },
      { key: 'quantidadeParcelas', header: 'Parcelas', align: 'end', width: '6rem' },
      { key: 'criadoPorNome', header: 'Criado por', truncate: 40 },
      { key: 'criacao', header: 'Criado em', width: '8rem', format: (v) => formatDate(String(v)) },
    ],
    [municipioId],
  );

  return (
    <Stack gap="4">
      <PageTitle parts={[title, municipality.nome]} />
      <ListHeading
        title={title}
        id={headingId}
        level={2}
        action={
          <Button asChild>
            <RouterLink to={proposalHref.create(municipioId)}>Nova proposta</RouterLink>
          </Button>
        }
      />
      {list.status === 'error' ? (
        <LoadError message="Não foi possível carregar as propostas." onRetry={() => list.reload()} />
      ) : (
        <TableClip>
          <DataTable
            rows={list.status === 'ready' ? list.data : []}
            columns={columns}
            rowKey={(r) => r.propostaId}
            labelledBy={headingId}
            loading={list.status === 'loading' || list.status === 'idle'}
            emptyText="Nenhuma proposta retornada"
            rowTone={proposalRowTone}
          />
        </TableClip>
      )}
    </Stack>
  );
}
