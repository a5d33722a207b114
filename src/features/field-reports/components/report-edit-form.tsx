import { Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react';
import { useMemo, useRef, useState, type SubmitEvent } from 'react';
import type { PermissionContext } from '../../../domain/permissions.ts';
import { REPORT_MESSAGES } from '../../../domain/report-common.ts';
import { reportUpdateSchema, type Report } from '../../../domain/field-reports.ts';
import { currentVariant } from '../../../session/variant.ts';
import { ERROR_MESSAGES } from '../../../domain/messages.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUnsavedChanges } from '../../../ui/unsaved-changes.ts';
import { fieldReports } from '../data.ts';
import { membersData } from '../../../entities/members/data.ts';
import {
  checkDraft,
  draftFromReport,
  hoursEditable,
  reportFormRules,
  toUpdatePayload,
  type GuestDraft,
  type ReportDraft,
} from '../form-logic.ts';
import { AttachmentsField } from '../../../ui/attachments-field.tsx';
import { StoredFileList } from '../../../ui/stored-file-list.tsx';
import { ReportFields, type ReportFieldKey } from './report-fields.tsx';
import { sanitizeReportHtmlLater } from '../../../ui/report-html-later.ts';
import { ReportTabs } from './report-tabs.tsx';
import { useReportErrors } from './use-report-errors.ts';

export type ReportEditFormProps = {
  report: Report;
  ctx: PermissionContext;
  online: boolean;
  onSaved: (report: Report) => void;
  onCancel: () => void;
};

/**
 * The author's edit (PUT api/relatorio, online), allowed while the report waits for analysis or
 * was rejected (canEditReport); saving sends it back to analysis. Same rules and messages as the
 * new report (spec §5). The meeting stays; attached files can be removed and new ones added
 * (uploaded before the PUT, which lists them in arquivosUploadIds).
 */
export function ReportEditForm({ report, ctx, online, onSaved, onCancel }: ReportEditFormProps) {
  const formRef = useRef<HTMLFormElement>(null);
  const { variant } = currentVariant();
  const members = membersData.useMunicipalityMembers(report.municipioId);
  const [initial] = useState(() => draftFromReport(report));
  const [draft, setDraft] = useState<ReportDraft>(initial);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState<{ sentBytes: number; totalBytes: number } | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useReportErrors(formRef);
  const { errors, setErrors, fail, clearError } = form;
  useUnsavedChanges(removed.size > 0 || files.length > 0 || JSON.stringify(draft) !== JSON.stringify(initial));
  const keptBytes = report.arquivos.filter((f) => !removed.has(f.arquivoId)).reduce((sum, f) => sum + f.tamanho, 0);

  const rules = reportFormRules(ctx, report.municipio.uf);
  const hoursTyped = hoursEditable(rules.hours, draft.tarefas);
  const memberList = useMemo(() => (members.status === 'ready' ? members.data : []), [members]);
  const guests: GuestDraft[] = draft.convidados;

  function update(patch: Partial<ReportDraft>, field: ReportFieldKey) {
    setDraft((d) => ({ ...d, ...patch }));
    clearError(field);
  }

  async function save(event: SubmitEvent<HTMLFormElement>) {
    // The member dialog's form sits in a portal, but React still bubbles its submit up to this form.
    if (event.target !== event.currentTarget) return;
    event.preventDefault();
    if (saving) return;
    // Saving from here on: a second press while the sanitiser downloads must not save twice.
    setSaving(true);
    try {
      const descricao = await sanitizeReportHtmlLater(draft.descricao);
      const check = checkDraft(draft, descricao, { uf: report.municipio.uf, mode: variant.mode });
      if (!check.ok) {
        fail(check.field, check.message, check.marked);
        return;
      }
      const payload = toUpdatePayload(report, { ...draft, horasUtilizadasString: check.hours }, descricao, [...removed]);
      const parsed = reportUpdateSchema.safeParse(payload);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        fail((typeof issue?.path[0] === 'string' ? issue.path[0] : 'titulo') as ReportFieldKey, issue?.message ?? ERROR_MESSAGES.saveReport);
        return;
      }
      setErrors({});
      const result = await fieldReports.update({
        body: payload,
        files,
        onProgress: (sentBytes, totalBytes) => setUploading({ sentBytes, totalBytes }),
      });
      // A failure has been shown by the command; the form stays open with what was typed.
      if (!result.ok) return;
      notifySuccess(REPORT_MESSAGES.salvo);
      onSaved(result.data);
    } finally {
      setSaving(false);
      setUploading(null);
    }
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void save(event)} aria-label="Editar relatório">
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="4">
          <ReportFields
            draft={draft}
            errors={errors}
            update={update}
            rules={rules}
            hoursTyped={hoursTyped}
          />
        </SimpleGrid>
        <ReportTabs
          form={form}
          draft={draft}
          setDraft={setDraft}
          municipioId={report.municipioId}
          uf={report.municipio.uf}
          grupoId={null}
          meetingChosen
          members={memberList}
          guests={guests}
          attachmentCount={report.arquivos.length - removed.size + files.length}
          attachments={
            <Stack gap="5">
              <StoredFileList
                files={report.arquivos}
                download={(file, onProgress) => fieldReports.downloadAttachment({ arquivoId: file.arquivoId, nome: file.nome, onProgress })}
                struck={(file) => removed.has(file.arquivoId)}
                actions={(file) => {
                  const off = removed.has(file.arquivoId);
                  return (
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette={off ? undefined : 'red'}
                      aria-label={`${off ? 'Manter' : 'Remover'} ${file.nome}`}
                      onClick={() =>
                        setRemoved((current) => {
                          const next = new Set(current);
                          if (!next.delete(file.arquivoId)) next.add(file.arquivoId);
                          return next;
                        })
                      }
                    >
                      {off ? 'Manter' : 'Remover'}
                    </Button>
                  );
                }}
              />
              <AttachmentsField
                files={files}
                onChange={(change) => setFiles((current) => change(current))}
                disabled={saving}
                keptBytes={keptBytes}
                uploading={uploading}
              />
            </Stack>
          }
          oneTask={rules.oneTask}
          hoursTyped={hoursTyped}
        />
        <HStack gap="3" justify="flex-end" wrap="wrap">
          <Button variant="outline" onClick={onCancel} disabled={saving}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving} loadingText="Salvando…" disabled={!online}>
            Salvar alterações
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
