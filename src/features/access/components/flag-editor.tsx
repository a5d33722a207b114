import { accordionSlotRecipe } from '@chakra-theme/recipes/accordion';
import { Accordion, Badge, Field, HStack, Input, InputGroup, SimpleGrid, Span, Stack, Switch, Text } from '@chakra-ui/react';
import { memo, useCallback, useDeferredValue, useMemo, useState, type Dispatch, type KeyboardEvent, type SetStateAction } from 'react';
import { FLAG_KEYS, type FlagKey, type FlagSet } from '../../../domain/permission-flags.ts';
import { SearchIcon } from '../../../ui/icons.tsx';
import { countOn, flagSections, setFlags, type FlagDefinition, type FlagSection } from '../flag-logic.ts';
import { MarkAllButtons } from './mark-all-buttons.tsx';
import { lateRecipes } from '../../../ui/late-recipes.ts';

// This module's accordion brings its recipe (src/ui/late-recipes.ts).
lateRecipes({ slotRecipes: { accordion: accordionSlotRecipe } });

export type FlagEditorProps = {
  value: FlagSet;
  /** A state setter: toggles are applied to the latest value, so quick successive clicks are never lost. */
  onChange: Dispatch<SetStateAction<FlagSet>>;
  disabled?: boolean;
};

/**
 * Every permission flag of the catalogue (src/domain/permission-flags.ts) as a labelled switch,
 * one collapsible section per area with "Marcar todos"/"Desmarcar todos", and a filter by label or
 * key. Built from the catalogue alone, so a flag added there appears here without touching this file.
 * Used by the group form and by the global configuration screen.
 */
export function FlagEditor({ value, onChange, disabled = false }: FlagEditorProps) {
  const [query, setQuery] = useState('');
  const deferredQuery = useDeferredValue(query);
  const [open, setOpen] = useState<string[]>([]);
  const sections = useMemo(() => flagSections(deferredQuery), [deferredQuery]);
  const filtering = deferredQuery.trim() !== '';

  const toggle = useCallback((key: FlagKey, on: boolean) => onChange((prev) => setFlags(prev, [key], on)), [onChange]);
  const setMany = useCallback((keys: readonly FlagKey[], on: boolean) => onChange((prev) => setFlags(prev, keys, on)), [onChange]);

  function changeQuery(next: string) {
    setQuery(next);
    // Matches are opened as the user types (an event, not an effect, so closing one afterwards sticks).
    if (next.trim() !== '') setOpen(flagSections(next).map((s) => s.area));
  }

  // Enter in the filter would otherwise submit the surrounding form.
  function onFilterKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') event.preventDefault();
  }

  const shown = sections.reduce((n, s) => n + s.flags.length, 0);

  return (
    <Stack gap="4">
      <Field.Root maxW={{ md: 'sm' }}>
        <Field.Label>Filtrar permissões</Field.Label>
        <InputGroup startElement={<SearchIcon color="fg.muted" />}>
          <Input
            type="search"
            name="filtro-permissoes"
            autoComplete="off"
            value={query}
            onChange={(event) => changeQuery(event.target.value)}
            onKeyDown={onFilterKeyDown}
          />
        </InputGroup>
        <Field.HelperText>Busque pelo nome ou pela chave da permissão.</Field.HelperText>
      </Field.Root>

      <Text color="fg.muted" fontSize="sm" aria-live="polite">
        {filtering
          ? `${shown} ${shown === 1 ? 'permissão encontrada' : 'permissões encontradas'}`
          : `${countOn(value, FLAG_KEYS)} de ${FLAG_KEYS.length} permissões ativas`}
      </Text>

      {sections.length === 0 ? (
        <Text py="2">Nenhuma permissão encontrada</Text>
      ) : (
        <Accordion.Root multiple variant="enclosed" value={open} onValueChange={(details) => setOpen(details.value)}>
          {sections.map((section) => (
            <FlagAreaItem
              key={section.area}
              section={section}
              value={value}
              filtering={filtering}
              disabled={disabled}
              onToggle={toggle}
              onSetMany={setMany}
            />
          ))}
        </Accordion.Root>
      )}
    </Stack>
  );
}

type FlagAreaItemProps = {
  section: FlagSection;
  value: FlagSet;
  filtering: boolean;
  disabled: boolean;
  onToggle: (key: FlagKey, on: boolean) => void;
  onSetMany: (keys: readonly FlagKey[], on: boolean) => void;
};

function FlagAreaItem({ section, value, filtering, disabled, onToggle, onSetMany }: FlagAreaItemProps) {
  const keys = section.flags.map((f) => f.key);
  const on = countOn(value, keys);
  return (
    <Accordion.Item value={section.area}>
      <Accordion.ItemTrigger cursor="pointer" gap="3">
        <Span flex="1" fontWeight="semibold" textAlign="start">
          {section.label}
        </Span>
        <Badge variant={on > 0 ? 'subtle' : 'outline'} flexShrink={0}>
          {on} de {keys.length} ativas
        </Badge>
        <Accordion.ItemIndicator />
      </Accordion.ItemTrigger>
      <Accordion.ItemContent>
        <Accordion.ItemBody>
          <Stack gap="4">
            <HStack gap="2" wrap="wrap">
              {/* With a filter these act on the flags shown, which is what the user is looking at. */}
              <MarkAllButtons
                what={`em ${section.label}`}
                marked={on}
                total={keys.length}
                disabled={disabled}
                onMarkAll={(value) => onSetMany(keys, value)}
              />
              {filtering && (
                <Text fontSize="xs" color="fg.muted">
                  (apenas as permissões filtradas)
                </Text>
              )}
            </HStack>
            <SimpleGrid minChildWidth={{ base: 'full', sm: '16rem' }} gap="3" columnGap="6">
              {section.flags.map((flag) => (
                <FlagSwitch key={flag.key} flag={flag} checked={value[flag.key]} disabled={disabled} onToggle={onToggle} />
              ))}
            </SimpleGrid>
          </Stack>
        </Accordion.ItemBody>
      </Accordion.ItemContent>
    </Accordion.Item>
  );
}

type FlagSwitchProps = { flag: FlagDefinition; checked: boolean; disabled: boolean; onToggle: (key: FlagKey, on: boolean) => void };

/** Memoised: toggling one flag re-renders one switch, not the hundred-odd others. */
const FlagSwitch = memo(function FlagSwitch({ flag, checked, disabled, onToggle }: FlagSwitchProps) {
  return (
    <Switch.Root
      checked={checked}
      disabled={disabled}
      onCheckedChange={(details) => onToggle(flag.key, details.checked)}
      alignItems="flex-start"
      gap="3"
      minW="0"
    >
      {/* role=switch: announced as on/off rather than as a checkbox; the label names it. */}
      <Switch.HiddenInput role="switch" />
      <Switch.Control mt="0.5" flexShrink={0} />
      <Stack gap="0" minW="0">
        <Switch.Label>{flag.label}</Switch.Label>
        {/* The key ties the switch to the code and docs; outside the label, so not part of the name. */}
        <Text as="span" fontSize="xs" color="fg.muted" fontFamily="mono" overflowWrap="anywhere">
          {flag.key}
        </Text>
      </Stack>
    </Switch.Root>
  );
});
