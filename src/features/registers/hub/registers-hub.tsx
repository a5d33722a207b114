import { Heading, List, Stack } from '@chakra-ui/react';
import { compareText } from '../../../domain/text.ts';
import { canManage } from '../../../domain/permissions.ts';
import { useSession } from '../../../session/store.ts';
import { currentVocabulary } from '../../../session/vocabulary.ts';
import { NoPermission } from '../../../ui/access-gate.tsx';
import { AppLink } from '../../../ui/app-link.tsx';
import { PageTitle } from '../../../ui/page-title.tsx';
import { REGISTER_LINKS } from './catalogue.ts';

const TITLE = 'Cadastros';

/** /rotas: the registers the user may manage, in two lists (those of the menu, the others), by name. */
export function RegistersHubScreen() {
  const session = useSession();
  const words = currentVocabulary();
  if (!session.user) return <NoPermission />;
  const ctx = { usuario: session.user, config: session.config };
  const allowed = REGISTER_LINKS.filter((link) => canManage(ctx, link.flag))
    .map((link) => ({ ...link, label: link.title(words) }))
    .sort((a, b) => compareText(a.label, b.label));
  if (allowed.length === 0) return <NoPermission />;
  const sections = [
    { key: 'menu', heading: 'Cadastros do menu', links: allowed.filter((l) => l.section === 'menu') },
    { key: 'other', heading: 'Outros cadastros', links: allowed.filter((l) => l.section === 'other') },
  ].filter((s) => s.links.length > 0);
  return (
    <Stack gap="6">
      <PageTitle parts={[TITLE]} />
      <Heading as="h1" size="2xl">
        {TITLE}
      </Heading>
      {sections.map((section) => (
        <Stack key={section.key} gap="3" as="section" aria-labelledby={`cadastros-${section.key}`}>
          <Heading as="h2" size="lg" id={`cadastros-${section.key}`}>
            {section.heading}
          </Heading>
          <List.Root gap="2" ps="5">
            {section.links.map((link) => (
              <List.Item key={link.path}>
                <AppLink to={link.path}>{link.label}</AppLink>
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      ))}
    </Stack>
  );
}
