/**
 * What other features may do with uploads, and the only uploads module they import: claim
 * concluded uploads into their own records (in their transaction), and store the files of a
 * multipart form as uploads concluded at once. Everything else about uploads stays in this feature.
 */
export { attachUploads, claimUploads, type ClaimedFile } from './commands.ts';
export { discardUnclaimed, finishWrite, INCOMING_FOLDER, incomingKey, markConcluded, startUpload } from './repository.ts';
export { acceptUploadForms, readUploadForm, uploadFormDeps, type UploadForm, type UploadFormDeps } from './form.ts';
