// The uploads module's public entry: stored uploads and multipart reading.
export * from './service';
export * from './multipart';
