import { Breadcrumb } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** One step of a breadcrumb trail: a link, or the current page (the last step). */
export type Crumb = { label: string; href: string; current: boolean };

/**
 * The one breadcrumb trail of the app (spec §2: "Home > Gestão de Projetos", the catalogue's levels,
 * the registers' "Início > Cadastros > …"): every step above the current page is a link.
 */
export function Trail({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <Breadcrumb.Root size="sm" aria-label="Trilha de navegação">
      <Breadcrumb.List flexWrap="wrap">
        {crumbs.map((crumb, index) => (
          <TrailStep key={`${crumb.href}:${crumb.label}`} crumb={crumb} last={index === crumbs.length - 1} />
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}

function TrailStep({ crumb, last }: { crumb: Crumb; last: boolean }) {
  return (
    <>
      <Breadcrumb.Item minW={crumb.current ? '0' : undefined}>
        {crumb.current ? (
          <Breadcrumb.CurrentLink>{crumb.label}</Breadcrumb.CurrentLink>
        ) : (
          <Breadcrumb.Link asChild>
            <RouterLink to={crumb.href}>{crumb.label}</RouterLink>
          </Breadcrumb.Link>
        )}
      </Breadcrumb.Item>
      {!last && <Breadcrumb.Separator />}
    </>
  );
}
