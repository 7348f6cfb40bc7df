/** The code the test stack accepts (scripts/test.mjs sets ACCESS_CODES). */
export const ACCESS_CODE = process.env.E2E_ACCESS_CODE ?? 'datebook-e2e';
