import { useParams } from 'react-router-dom';
import { ProposalDetailPage } from '../components/proposal-detail.tsx';
import { ProposalFormPage } from '../components/proposal-form.tsx';
import { ProposalList } from '../components/proposal-list.tsx';
import { NEW_PROPOSAL_TAB } from '../paths.ts';

/**
 * /cidade/:id/proposta/:tab (spec §2): `proposta` lists the municipality's proposals, `nova` opens
 * a new one, a number opens that proposal. The city layout has already checked the Proposta tab.
 */
export function ProposalTabScreen() {
  const { tab = '' } = useParams();
  if (tab === 'proposta') return <ProposalList />;
  if (tab === NEW_PROPOSAL_TAB) return <ProposalFormPage proposal={null} />;
  // Anything else that is not an id reads like a proposal that does not exist.
  return <ProposalDetailPage propostaId={/^[1-9]\d{0,8}$/.test(tab) ? Number(tab) : null} />;
}
