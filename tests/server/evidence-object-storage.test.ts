/*
 * The evidence tests (files sent in forms and by resumable upload, downloads, the zip of a tab's
 * files) once more with files in an S3-compatible bucket (issue 33, item 2): see
 * uploads-object-storage.test.ts.
 */
process.env.TEST_STORAGE = 's3';
await import('./evidence.test.ts');
