import { AppLink } from './app-link.tsx';

/**
 * "Voltar para a sala": the Sala screens of plans, costs and times go back to their room (its first
 * tab, spec §2 "Under /sala-principal/{id}/"). {id} is the room's municipality.
 */
export function RoomBackLink({ municipioId }: { municipioId: number }) {
  return <AppLink to={`/sala-principal/${municipioId}/sala-indicadores`}>Voltar para a sala</AppLink>;
}
