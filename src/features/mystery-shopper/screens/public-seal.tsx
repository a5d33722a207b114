import { useParams } from 'react-router-dom';
import { PublicDownloadPage } from '../../../ui/public-download.tsx';
import { mysteryShopperData } from '../data.ts';

/**
 * /cliente-oculto/selo/download/:token (spec §2, no login): the municipality's seal certificate (a
 * PDF made by the server) by its unguessable id (GET api/cliente-oculto/selo/download/{token}).
 */
export function PublicSealScreen() {
  return <PublicDownloadPage token={useParams().token?.trim() ?? ''} download={mysteryShopperData.downloadSeal} />;
}
