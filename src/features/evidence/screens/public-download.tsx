import { useParams } from 'react-router-dom';
import { evidence } from '../../../entities/evidence/data.ts';
import { PublicDownloadPage } from '../../../ui/public-download.tsx';

/**
 * /download-evidencia-recusada/:token and /diagnostic/selo/download/:token (spec §2, no login): the
 * file a link sent to a municipality names, by its unguessable token (GET api/publico/evidencia/{token}).
 */
export function PublicEvidenceDownloadScreen() {
  return <PublicDownloadPage token={useParams().token?.trim() ?? ''} download={evidence.downloadPublic} />;
}
