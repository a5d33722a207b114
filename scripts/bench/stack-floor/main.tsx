/**
 * The smallest app the decided stack allows for a screen like /cidade, for the shell bench: React 19,
 * the react-router data router, Chakra v3 with our theme and only the five recipes this screen
 * shows (heading, button, input, menu, table), and the virtualiser a 5,000-row list needs. No
 * session, permissions, vocabulary, HTTP client, validation or layout: what is left of a bundle
 * goal after this is what the product itself may weigh.
 */
import {
  Box,
  Button,
  ChakraProvider,
  createSystem,
  defaultBaseConfig,
  defineConfig,
  Heading,
  Input,
  Menu,
  mergeConfigs,
  Portal,
  Table,
} from '@chakra-ui/react';
import { buttonRecipe } from '@chakra-theme/recipes/button';
import { headingRecipe } from '@chakra-theme/recipes/heading';
import { inputRecipe } from '@chakra-theme/recipes/input';
import { menuSlotRecipe } from '@chakra-theme/recipes/menu';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider, useLoaderData } from 'react-router-dom';
import { baseTheme } from '../../../src/app/theme-base.ts';

const system = createSystem(
  mergeConfigs(
    defaultBaseConfig,
    defineConfig({
      ...baseTheme,
      theme: {
        ...baseTheme.theme,
        recipes: { button: buttonRecipe, heading: headingRecipe, input: inputRecipe },
        slotRecipes: { menu: menuSlotRecipe, table: tableSlotRecipe },
      },
    }),
  ),
);

type Row = { id: number; nome: string };

function CityList() {
  const rows = useLoaderData<Row[]>();
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => 40 });
  return (
    <Box>
      <Menu.Root>
        <Menu.Trigger asChild>
          <Button>Menu</Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="cidade">Município</Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <Heading>Municípios</Heading>
      <Input aria-label="Buscar" />
      <Box ref={scroller} h="400px" overflow="auto">
        <Table.Root>
          <Table.Body>
            {virtualizer.getVirtualItems().map((item) => (
              <Table.Row key={item.key}>
                <Table.Cell>{rows[item.index]!.nome}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}

const router = createBrowserRouter([
  { path: '*', loader: (): Row[] => Array.from({ length: 5000 }, (_, id) => ({ id, nome: `Município ${id}` })), Component: CityList },
]);

createRoot(document.getElementById('root')!).render(
  <ChakraProvider value={system}>
    <RouterProvider router={router} />
  </ChakraProvider>,
);
