/*
 * The resumable upload tests once more with files in an S3-compatible bucket (issue 33, item 2):
 * the same file, imported after the switch, so createTestApp starts a real S3 protocol server on
 * loopback for it. Any server test runs so with TEST_STORAGE=s3 on the command line.
 */
process.env.TEST_STORAGE = 's3';
await import('./uploads.test.ts');
