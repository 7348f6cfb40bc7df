import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_SEARCH_FILTERS } from '@datebook/contracts';
import { mockApiRoutes } from '@/testing/api-routes';
import { jsonResponse } from '@/testing/fetch-mock';
import { SearchFiltersPanel } from './search-filters-panel';

const outdoors = { id: 1, slug: 'outdoors', name: 'Outdoors', icon: '🌲', appliesTo: 'both' };
const museums = { id: 2, slug: 'museums', name: 'Museums', icon: '🏛', appliesTo: 'date' };

function renderPanel(props: Partial<Parameters<typeof SearchFiltersPanel>[0]> = {}) {
  mockApiRoutes({
    'GET /api/categories?appliesTo=activity': jsonResponse(200, { items: [outdoors] }),
    'GET /api/categories?appliesTo=date': jsonResponse(200, { items: [outdoors, museums] }),
  });
  const onChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SearchFiltersPanel value={DEFAULT_SEARCH_FILTERS} onChange={onChange} {...props} />
    </QueryClientProvider>,
  );
  return { onChange, user: userEvent.setup() };
}

describe('the search filters panel', () => {
  it('shows all six filters by default, categories of both kinds once each', async () => {
    renderPanel();

    for (const label of ['Budget', 'Mood', 'Time', 'Category', 'Specificity', 'Sort By']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    await screen.findByRole('option', { name: 'Museums' });
    const categories = screen
      .getAllByRole('option')
      .filter((option) => option.closest('select') === screen.getByLabelText('Category'));
    expect(categories.map((option) => option.textContent)).toEqual(['Any', 'Museums', 'Outdoors']);
  });

  it('shows only the fields asked for, and hands up the whole filters on a change', async () => {
    const { onChange, user } = renderPanel({ fields: ['budget', 'mood', 'time', 'category'] });

    expect(screen.queryByLabelText('Specificity')).toBeNull();
    expect(screen.queryByLabelText('Sort By')).toBeNull();
    await user.selectOptions(screen.getByLabelText('Mood'), 'Romantic');

    expect(onChange).toHaveBeenCalledWith({ ...DEFAULT_SEARCH_FILTERS, mood: 'Romantic' });
  });
});
