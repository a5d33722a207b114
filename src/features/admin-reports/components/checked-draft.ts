import type { AdminReportCreate } from '../../../domain/admin-reports.ts';
import { notifyError } from '../../../lib/notify.ts';
import { focusFirstInvalid } from '../../../ui/form.ts';
import { sanitizeReportHtml } from '../../../ui/report-html.tsx';
import { checkDraft, type AdminReportDraft, type AdminReportField } from '../form-logic.ts';

/**
 * The save of the new and the edit form alike: the draft, its description cleaned (before the device
 * keeps its copy; the server cleans again and has the last word), checked by the contract's schema.
 * On a refusal the message is shown, the field marked and focused, and the result is null.
 */
export function checkedDraft(
  draft: AdminReportDraft,
  municipioId: number,
  setErrors: (errors: Partial<Record<AdminReportField, string>>) => void,
  form: HTMLFormElement | null,
): AdminReportCreate | null {
  const check = checkDraft({ ...draft, descricao: sanitizeReportHtml(draft.descricao) }, municipioId);
  if (check.ok) return check.value;
  notifyError(check.message);
  setErrors(check.field ? { [check.field]: check.message } : {});
  focusFirstInvalid(form);
  return null;
}
