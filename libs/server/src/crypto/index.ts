export * from './secret-box';
export * from './tokens';
export * from './totp';
