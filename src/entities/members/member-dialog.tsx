import type { Member } from '../../domain/members.ts';
import { modalFrameLater } from '../../ui/modal-frame-later.ts';

export type MemberDialogProps = {
  open: boolean;
  onClose: () => void;
  municipioId: number;
  /** The municipality's state: in SP the e-mail is optional (spec §5). */
  uf: string;
  /** The group the member is linked to (with the Líder choice); null saves a member without a group. */
  grupoId: number | null;
  /** The member to edit; absent to register a new one. */
  member?: Member | null;
  /** After a successful save, with the member as the server now holds it. */
  onSaved: (member: Member) => void;
};

/** The member form's module (its fields, masks, photo and the avatar's recipe), fetched with the first opening. */
const useMemberFormDialog = modalFrameLater(() => import('./member-form-dialog.tsx'));

/**
 * Registers or edits a municipality member (member-form-dialog.tsx). Its code downloads when the
 * dialog first opens, or once the page has settled (issue 32): the report form's guests tab and
 * the group's members show only the button that opens it.
 */
export function MemberDialog(props: MemberDialogProps) {
  const later = useMemberFormDialog(props.open, props.onClose);
  return later ? <later.MemberFormDialog {...props} /> : null;
}
