import fc from 'fast-check';
import { z } from 'zod';
import { hasControlCharacter } from '@datebook/contracts';
import { schemaArbitrary, type JsonSchema } from './schema-arbitrary';

const contract = z.object({
  name: z.string().min(1).max(12),
  email: z.string().max(60),
  count: z.number().int().min(1).max(50),
  kind: z.enum(['a', 'b']),
  tags: z.array(z.string().max(5)).max(3).optional(),
});
const schema = z.toJSONSchema(contract, { io: 'input' }) as JsonSchema;

const stringsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value !== null && typeof value === 'object'
      ? Object.values(value).flatMap(stringsOf)
      : [];

describe('schemaArbitrary', () => {
  it('makes conforming values that the contract accepts', () => {
    fc.assert(
      fc.property(schemaArbitrary(schema, 'conforming'), (value) => contract.safeParse(value).success),
      { seed: 1 },
    );
  });

  it('poisons exactly one string of an otherwise conforming value', () => {
    fc.assert(
      fc.property(schemaArbitrary(schema, 'poisoned'), (value) => {
        expect(stringsOf(value).filter((text) => hasControlCharacter(text))).toHaveLength(1);
      }),
      { seed: 1 },
    );
  });

  it('mutates a value so that the contract refuses it, most of the time', () => {
    const values = fc.sample(schemaArbitrary(schema, 'mutated'), { seed: 1, numRuns: 200 });
    const refused = values.filter((value) => !contract.safeParse(value).success);
    expect(refused.length).toBeGreaterThan(100);
  });
});
