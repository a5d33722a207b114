import { useCallback, useState, type RefObject } from 'react';
import { focusFirstInvalid } from '../../../ui/form.ts';
import { notifyError } from '../../../lib/notify.ts';
import type { ReportFieldErrors, ReportFieldKey } from './report-fields.tsx';
import { tabOfField, type ReportTabId } from './report-tabs.tsx';

/**
 * Spec §5: each failed rule is a notification, and the field is highlighted (and shown, when it
 * sits in a tab) while everything typed stays as it was.
 */
export function useReportErrors(formRef: RefObject<HTMLFormElement | null>) {
  // The open tab lives with the errors: a failure takes the user to the tab that holds its field.
  const [tab, setTab] = useState<ReportTabId>('relatorio');
  const [errors, setErrors] = useState<ReportFieldErrors>({});

  /** Notifies `message`, marks `field` and every field in `marked`, and takes the user to `field`. */
  const fail = useCallback(
    (field: ReportFieldKey, message: string, marked: ReportFieldErrors = {}) => {
      notifyError(message);
      setErrors({ ...marked, [field]: message });
      const tab = tabOfField(field);
      if (tab) setTab(tab);
      if (field === 'descricao') requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('.report-editor, textarea.report-editor-plain')?.focus());
      else focusFirstInvalid(formRef.current);
    },
    [formRef],
  );

  const clearError = useCallback((field: ReportFieldKey) => setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e)), []);

  return { tab, setTab, errors, setErrors, fail, clearError };
}
