import { Button, Card, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';

export type TableColumn<T> = { key: keyof T & string; label: string; numeric?: boolean; format?: (row: T) => ReactNode };

/**
 * One chart with its numbers: the drawing is hidden from screen readers (its data is in the table),
 * and "Ver tabela" shows the same rows as a captioned table, reachable by keyboard.
 */
export function ChartCard<T>({
  title,
  description,
  rows,
  columns,
  rowKey,
  empty,
  children,
}: {
  title: string;
  description?: string;
  rows: readonly T[];
  columns: ReadonlyArray<TableColumn<T>>;
  rowKey: (row: T) => string | number;
  empty: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const tableId = useId();
  const [showTable, setShowTable] = useState(false);
  return (
    <Card.Root as="section" aria-labelledby={headingId} minW="0">
      <Card.Header>
        <HStack justify="space-between" align="start" wrap="wrap" gap="2">
          <Stack gap="1" minW="0">
            <Heading as="h2" size="md" id={headingId}>
              {title}
            </Heading>
            {description && (
              <Text textStyle="sm" color="fg.muted">
                {description}
              </Text>
            )}
          </Stack>
          {rows.length > 0 && (
            <Button size="sm" variant="outline" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((v) => !v)}>
              {showTable ? 'Ocultar tabela' : 'Ver tabela'}
            </Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body gap="4" minW="0">
        {rows.length === 0 ? (
          <Text color="fg.muted">{empty}</Text>
        ) : (
          <>
            <div aria-hidden="true">{children}</div>
            <Table.ScrollArea id={tableId} hidden={!showTable} borderWidth="1px" rounded="md">
              <Table.Root size="sm">
                <Table.Caption captionSide="top" textAlign="start" px="3" py="2">
                  {title}
                </Table.Caption>
                <Table.Header>
                  <Table.Row>
                    {columns.map((c) => (
                      <Table.ColumnHeader key={c.key} scope="col" textAlign={c.numeric ? 'end' : 'start'}>
                        {c.label}
                      </Table.ColumnHeader>
                    ))}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {rows.map((row) => (
                    <Table.Row key={rowKey(row)}>
                      {columns.map((c) => (
                        <Table.Cell key={c.key} textAlign={c.numeric ? 'end' : 'start'}>
                          {c.format
                            ? c.format(row)
                            : typeof row[c.key] === 'number'
                              ? (row[c.key] as number).toLocaleString('pt-BR')
                              : String(row[c.key])}
                        </Table.Cell>
                      ))}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}
