export * from './mailer';
