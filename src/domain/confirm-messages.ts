/** Texts of the confirmations of spec §5 ("Other rules"). */
export const CONFIRM_MESSAGES = {
  deleteEvidenceTitle: 'Excluir evidência',
  deleteEvidence: 'Confirma que deseja deletar a evidência?',
  deleteSolutionGroup: 'Confirma que deseja deletar o Grupo de Solução?',
  // The spec only says the dialog warns it cannot be undone; this wording is ours.
  irreversible: 'Esta ação não poderá ser desfeita.',
  yes: 'Sim',
  no: 'Não',
} as const;
