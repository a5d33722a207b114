import { useOutletContext } from 'react-router-dom';
import type { MunicipalityDetail } from '../domain/municipality.ts';

/**
 * Spec §3 session state "city, cityId": the municipality whose area (/cidade/{id}/*) is open. The
 * city layout provides it to every screen of the area, whichever feature serves the screen.
 */
export type CityOutletContext = {
  municipality: MunicipalityDetail;
  /** Asks the server again, e.g. after a screen changed something the header shows. */
  reloadMunicipality: () => void;
};

/** The city whose area is open; only for screens rendered inside the city layout. */
export function useCity(): CityOutletContext {
  return useOutletContext<CityOutletContext>();
}
