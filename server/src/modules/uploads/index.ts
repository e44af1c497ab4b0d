// The uploads module's public entry: stored uploads, multipart reading and file types.
export * from './service';
export * from './multipart';
export * from './file-types';
