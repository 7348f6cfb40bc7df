/** Where `@Endpoint` keeps a handler's endpoint definition (read by validation and the OpenAPI document). */
export const ENDPOINT_METADATA = 'datebook:endpoint';
