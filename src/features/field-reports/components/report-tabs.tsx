import { Field, Tabs, Textarea } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import type { Member } from '../../../domain/members.ts';
import { LazyRichTextEditor } from '../../../ui/lazy-rich-text-editor.tsx';
import { LoadError } from '../../../ui/list-screen.tsx';
import { LoadingState } from '../../../ui/loading-state.tsx';
import { moduleLater } from '../../../ui/on-demand.ts';
import { toggleTask, withTasks, type GuestDraft, type ReportDraft } from '../form-logic.ts';
import type { ReportFieldErrors, ReportFieldKey } from './report-fields.tsx';
import { useReportWords } from './use-report-words.ts';

// TipTap is the heaviest piece of the report screens: a plain area until it arrives, on focus or once the page is idle (issue 32).

/**
 * The guests' and the tasks' tabs (later-tabs.ts), downloaded when one of them is opened or once the
 * page has settled (issue 32): the form is usable before them, and offline they are there by then.
 */
const useLaterTabs = moduleLater(() => import('./later-tabs.ts'));

/** What a later tab shows until its code has arrived, or if it could not be downloaded. */
function LaterTab({ failed, retry }: { failed: boolean; retry: () => void }) {
  return failed ? (
    <LoadError message="Não foi possível abrir esta aba. Verifique a conexão e tente de novo." onRetry={retry} />
  ) : (
    <LoadingState />
  );
}

export type ReportTabId = 'relatorio' | 'convidados' | 'anexos' | 'tarefas' | 'observacoes';

/** The tab holding a field, so a validation failure can show it. */
export function tabOfField(field: ReportFieldKey): ReportTabId | null {
  if (field === 'descricao') return 'relatorio';
  if (field === 'observacoes') return 'observacoes';
  return null;
}

/** What the tabs need of the form's state (useReportErrors): the open tab and the fields' errors. */
export type ReportFormState = {
  tab: ReportTabId;
  setTab: (tab: ReportTabId) => void;
  errors: ReportFieldErrors;
  clearError: (field: ReportFieldKey) => void;
};

export type ReportTabsProps = {
  form: ReportFormState;
  draft: ReportDraft;
  setDraft: (update: (draft: ReportDraft) => ReportDraft) => void;
  municipioId: number;
  uf: string;
  /** The meeting's group, for a member registered from the guests tab. */
  grupoId: number | null;
  meetingChosen: boolean;
  members: readonly Member[];
  guests: GuestDraft[];
  attachmentCount: number;
  attachments: ReactNode;
  oneTask: boolean;
  /** Whether the hours are typed (see hoursEditable); otherwise they follow the fulfilled tasks. */
  hoursTyped: boolean;
};

/** Spec §2 "New report" tabs: report text, guests, attachments, tasks (or initiatives) and observations. */
export function ReportTabs(props: ReportTabsProps) {
  const { form, draft, setDraft } = props;
  const { tab, setTab: onTabChange, errors, clearError } = form;
  const words = useReportWords();
  const errorId = useId();
  const laterTabs = useLaterTabs(tab === 'convidados' || tab === 'tarefas');
  const later = laterTabs.module;
  return (
    <Tabs.Root value={tab} onValueChange={(details) => onTabChange(details.value as ReportTabId)} variant="line">
      {/* Wrapped, not scrolled: at 360 px a scrolled strip cut "Observaç…" with no sign that more followed. */}
      <Tabs.List flexWrap="wrap">
        <Tabs.Trigger value="relatorio">Relatório</Tabs.Trigger>
        <Tabs.Trigger value="convidados">Convidados ({props.guests.length})</Tabs.Trigger>
        <Tabs.Trigger value="anexos">Anexos ({props.attachmentCount})</Tabs.Trigger>
        <Tabs.Trigger value="tarefas">{words.tasksLabel}</Tabs.Trigger>
        <Tabs.Trigger value="observacoes">Observações</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="relatorio">
        <Field.Root invalid={Boolean(errors.descricao)}>
          <LazyRichTextEditor
            label="Relatório"
            value={draft.descricao}
            invalid={Boolean(errors.descricao)}
            describedBy={errors.descricao ? errorId : undefined}
            onChange={(descricao) => {
              setDraft((d) => ({ ...d, descricao }));
              clearError('descricao');
            }}
          />
          {errors.descricao && <Field.ErrorText id={errorId}>{errors.descricao}</Field.ErrorText>}
        </Field.Root>
      </Tabs.Content>
      <Tabs.Content value="convidados">
        {later ? (
          <later.GuestsTab
            municipioId={props.municipioId}
            uf={props.uf}
            grupoId={props.grupoId}
            members={props.members}
            guests={props.guests}
            onChange={(change) => setDraft((d) => ({ ...d, convidados: change(d.convidados) }))}
          />
        ) : (
          <LaterTab failed={laterTabs.failed} retry={laterTabs.request} />
        )}
      </Tabs.Content>
      <Tabs.Content value="anexos">{props.attachments}</Tabs.Content>
      <Tabs.Content value="tarefas">
        {later ? (
          <later.TasksTab
            noun={words.taskNoun}
            texts={words.taskTexts}
            meetingChosen={props.meetingChosen}
            tasks={draft.tarefas}
            oneTask={props.oneTask}
            onToggle={(id, cumprida) => setDraft((d) => withTasks(d, toggleTask(d.tarefas, id, cumprida, props.oneTask), props.hoursTyped))}
          />
        ) : (
          <LaterTab failed={laterTabs.failed} retry={laterTabs.request} />
        )}
      </Tabs.Content>
      <Tabs.Content value="observacoes">
        <Field.Root invalid={Boolean(errors.observacoes)}>
          <Field.Label>Observações</Field.Label>
          <Textarea
            value={draft.observacoes}
            rows={6}
            maxLength={20_000}
            onChange={(event) => {
              const observacoes = event.target.value;
              setDraft((d) => ({ ...d, observacoes }));
              clearError('observacoes');
            }}
          />
          {errors.observacoes && <Field.ErrorText>{errors.observacoes}</Field.ErrorText>}
        </Field.Root>
      </Tabs.Content>
    </Tabs.Root>
  );
}
