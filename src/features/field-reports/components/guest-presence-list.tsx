import { Badge, List } from '@chakra-ui/react';

/**
 * The report's guests, each with whether they attended: the same list on the report's page and on
 * its public page. `keyOf` names a guest (the public page has no member ids).
 */
export function GuestPresenceList<G extends { nome: string; presente: boolean }>({
  guests,
  keyOf,
}: {
  guests: readonly G[];
  keyOf: (guest: G, index: number) => string | number;
}) {
  return (
    <List.Root as="ul" ps="5" gap="1">
      {guests.map((g, i) => (
        <List.Item key={keyOf(g, i)}>
          {g.nome}{' '}
          <Badge colorPalette={g.presente ? 'green' : 'gray'} variant="subtle">
            {g.presente ? 'Presente' : 'Ausente'}
          </Badge>
        </List.Item>
      ))}
    </List.Root>
  );
}
