/**
 * What a public download page (no login: an evidence file's link, the mystery-shopper certificate)
 * shows once its download ended: started under `name`, or a failure, `badLink` when the link itself
 * is wrong (unknown, malformed or expired) rather than the network or the server.
 */
export type PublicDownloadState = { status: 'done'; name: string } | { status: 'error'; badLink: boolean };
