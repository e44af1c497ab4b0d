// The templates module's public entry: the catalogue with each template's files.
export * from './catalog';
