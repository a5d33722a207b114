import { Breadcrumb } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import type { Crumb } from '../paths.ts';

/** The catalogue's breadcrumb trail (spec §2): every level above the current one is a link. */
export function CatalogueTrail({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <Breadcrumb.Root size="sm" aria-label="Trilha de navegação">
      <Breadcrumb.List flexWrap="wrap">
        {crumbs.map((crumb, index) => (
          <CrumbItem key={crumb.href} crumb={crumb} last={index === crumbs.length - 1} />
        ))}
      </Breadcrumb.List>
    </Breadcrumb.Root>
  );
}

function CrumbItem({ crumb, last }: { crumb: Crumb; last: boolean }) {
  return (
    <>
      <Breadcrumb.Item>
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
