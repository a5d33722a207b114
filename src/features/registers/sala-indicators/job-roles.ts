import { jobRoleRegister } from '../job-roles/declaration.tsx';

/**
 * Cargos e Serviços (/sala-principal/{id}/cargos-funcoes): the job roles already built
 * (api/cargofuncao, /cargos-funcoes) are the same thing, so the room's tab is that register under
 * the Sala's words; it opens for whoever holds the Sala menu, and changing a role still needs
 * whoever manages users (the server checks menuUsuarios on every write).
 */
export default {
  ...jobRoleRegister,
  key: 'sala-cargos-funcoes',
  title: 'Cargos e Serviços',
  flag: 'menuSalaEmpreendedor',
  exportName: 'Cargos e Serviços',
} satisfies typeof jobRoleRegister;
