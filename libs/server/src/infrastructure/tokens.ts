/** Injection tokens for adapters that are not classes of their own. */
export const REDIS = Symbol('REDIS');
export const LOGGER = Symbol('LOGGER');
