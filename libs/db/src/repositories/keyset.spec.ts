import { afterPositionSql } from './keyset';

describe('afterPositionSql', () => {
  it('adds nothing on a first page', () => {
    const values: unknown[] = ['viewer'];
    expect(afterPositionSql('x', 'desc', undefined, values)).toBe('');
    expect(values).toEqual(['viewer']);
  });

  it('numbers its two values after those already bound', () => {
    const values: unknown[] = ['viewer', 'author', 21];
    const sql = afterPositionSql('x', 'desc', { createdAtMicros: '1763700000123456', id: '42' }, values);
    expect(values).toEqual(['viewer', 'author', 21, '1763700000123456', '42']);
    expect(sql).toContain('(x.created_at, x.id) <');
    expect(sql).toContain('$4::bigint * interval');
    expect(sql).toContain('$5::bigint)');
  });

  it('reads forward for an oldest-first list', () => {
    const sql = afterPositionSql('c', 'asc', { createdAtMicros: '1', id: '2' }, []);
    expect(sql).toContain('(c.created_at, c.id) >');
    expect(sql).toContain('$1::bigint * interval');
  });
});
