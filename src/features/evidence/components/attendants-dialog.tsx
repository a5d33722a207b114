import type { ReactNode } from 'react';
import { TextField } from '../../../ui/text-field.tsx';
import { EvidenceDialog, type EvidenceDialogProps } from './evidence-dialog.tsx';

export type AttendantsDialogProps = Omit<EvidenceDialogProps, 'children'> & {
  hours: string;
  onHoursChange: (value: string) => void;
  attendants: string;
  onAttendantsChange: (value: string) => void;
  /** Under the attendants' field: the number the register holds, when it holds one. */
  attendantsHelp?: string;
  /** What follows the two fields (question 3's declaration). */
  children?: ReactNode;
};

/**
 * Question 3's two fields in their dialog: "Enviar para análise" asks for them first, and
 * "Complemento" corrects them after approval. Downloaded with the first opening, or once the page
 * has settled (`useAttendantsDialog`, issue 32): the fields' and the dialog's code no longer come
 * with the evidence tab, which shows only the buttons that open it.
 */
export function AttendantsDialog({
  hours,
  onHoursChange,
  attendants,
  onAttendantsChange,
  attendantsHelp,
  children,
  ...dialog
}: AttendantsDialogProps) {
  return (
    <EvidenceDialog {...dialog}>
      <TextField label="Carga horária mínima por atendente" inputMode="decimal" value={hours} onValueChange={onHoursChange} />
      <TextField
        label="Quantidade atual de atendentes"
        inputMode="numeric"
        value={attendants}
        onValueChange={onAttendantsChange}
        helperText={attendantsHelp}
      />
      {children}
    </EvidenceDialog>
  );
}
