// The mail module's public entry: the mailer and the messages Kiln sends.
export * from './mailer';
export * from './templates';
