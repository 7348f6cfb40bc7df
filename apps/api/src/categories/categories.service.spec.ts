import type { Category, CategoryAppliesTo } from '@datebook/contracts';
import type { CategoriesRepository } from '@datebook/db';
import { CATEGORIES_TTL_MS, CategoriesService } from './categories.service';

const OUTDOORS: Category = { id: 1, slug: 'outdoors', name: 'Outdoors', icon: 'tree', appliesTo: 'both' };

/** A repository that records what it was asked and answers with `answer`. */
function repository(answer: () => Promise<Category[]>) {
  const asked: Array<CategoryAppliesTo[] | null> = [];
  const fake = {
    list: (accepted: CategoryAppliesTo[] | null) => {
      asked.push(accepted);
      return answer();
    },
  };
  return { asked, repository: fake as unknown as CategoriesRepository };
}

describe('CategoriesService', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z') }));
  afterEach(() => jest.useRealTimers());

  it('asks the database once per filter within the TTL, and again after it', async () => {
    const { asked, repository: repo } = repository(() => Promise.resolve([OUTDOORS]));
    const service = new CategoriesService(repo);

    expect(await service.list()).toEqual({ items: [OUTDOORS] });
    await service.list();
    await service.list('activity');
    await service.list('activity');
    expect(asked).toEqual([null, ['activity', 'both']]);

    jest.setSystemTime(Date.now() + CATEGORIES_TTL_MS);
    await service.list();
    expect(asked).toEqual([null, ['activity', 'both'], null]);
  });

  it('does not remember a failed read', async () => {
    let fail = true;
    const { asked, repository: repo } = repository(() =>
      fail ? Promise.reject(new Error('connection lost')) : Promise.resolve([OUTDOORS]),
    );
    const service = new CategoriesService(repo);

    await expect(service.list('both')).rejects.toThrow('connection lost');
    fail = false;
    expect(await service.list('both')).toEqual({ items: [OUTDOORS] });
    expect(asked).toEqual([['both'], ['both']]);
  });
});
