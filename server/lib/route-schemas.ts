/**
 * The shared schema pieces now live with the endpoint declarations (src/contract/schemas.ts), so
 * the client reads the same ones. Kept as a re-export while the features not yet declared in
 * src/contract still import them from here; remove once none does.
 */
export {
  errorResponses,
  FILE_CONTENT_TYPES,
  fileResponse,
  idOrZeroParam,
  idParam,
  idParams,
  idSchema,
  recordErrors,
  storedFileResponse,
} from '../../src/contract/schemas.ts';
