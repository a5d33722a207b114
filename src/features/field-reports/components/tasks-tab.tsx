import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { DataTable, type DataColumn } from '../../../ui/data-table.tsx';
import type { TaskDraft } from '../form-logic.ts';
import { TableClip } from '../../../ui/list-screen.tsx';

export type TasksTabProps = {
  /** "Tarefa", "Atividade" or "Iniciativa" by mode. */
  noun: string;
  /** Shown before a meeting is chosen, and when the chosen one has no tasks. */
  texts: { chooseMeeting: string; noTasks: string };
  meetingChosen: boolean;
  tasks: readonly TaskDraft[];
  oneTask: boolean;
  onToggle: (municipioTarefaId: number, cumprida: boolean) => void;
};

/** Spec §2 "Tasks or Initiatives": the meeting's tasks, each marked fulfilled or not, with the evidences it expects. */
export function TasksTab({ noun, texts, meetingChosen, tasks, oneTask, onToggle }: TasksTabProps) {
  if (!meetingChosen) return <Text color="fg.muted">{texts.chooseMeeting}</Text>;
  if (tasks.length === 0) return <Text color="fg.muted">{texts.noTasks}</Text>;

  const columns: Array<DataColumn<TaskDraft>> = [
    { key: 'nome', header: noun, rowHeader: true },
    { key: 'horas', header: 'Horas', width: '6rem', align: 'end', format: (v) => String(v).replace('.', ',') },
    {
      key: 'evidencias',
      header: 'Evidências',
      value: (t) => t.evidencias.join('; '),
      sortable: false,
    },
    {
      key: 'cumprida',
      header: 'Cumprida',
      width: '7rem',
      value: (t) => t.cumprida,
      cell: (task) => (
        <Checkbox.Root checked={task.cumprida} onCheckedChange={(details) => onToggle(task.municipioTarefaId, details.checked === true)}>
          <Checkbox.HiddenInput aria-label={`Cumprida: ${task.nome}`} />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
    },
  ];

  return (
    <Stack gap="3">
      {oneTask && (
        <Text textStyle="sm" color="fg.muted">
          Este relatório conta uma única {noun.toLowerCase()}: marcar uma desmarca as outras.
        </Text>
      )}
      <TableClip>
        <DataTable
          rows={tasks}
          columns={columns}
          rowKey={(t) => t.municipioTarefaId}
          label={noun}
          emptyText={texts.noTasks}
          minWidth="36rem"
        />
      </TableClip>
    </Stack>
  );
}
